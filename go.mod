module github.com/emberfx/ember

go 1.26
