module github.com/emberfx/ember

go 1.26

require (
	github.com/hajimehoshi/ebiten/v2 v2.10.4
	github.com/klauspost/compress v1.20.4
	github.com/pierrec/lz4/v4 v4.1.33
	github.com/solarlune/resolv v0.8.1
	github.com/yohamta/donburi v1.15.8
	go.yaml.in/yaml/v3 v3.0.6
	golang.org/x/sys v0.47.0
)

require (
	github.com/ebitengine/gomobile v0.0.0-20260820040257-d11f821a26a6 // indirect
	github.com/ebitengine/hideconsole v1.0.0 // indirect
	github.com/ebitengine/purego v0.11.0 // indirect
	golang.org/x/sync v0.22.0 // indirect
)
