package kage

import (
	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/internal/channel"
	"github.com/emberfx/ember/internal/rowlayout"
)

// constant is one generated Kage constant: its Kage name and its value,
// read from the Go declaration it mirrors.
type constant struct {
	kage  string
	value int64
}

type group struct {
	doc       string
	constants []constant
}

// groups lists every generated constant. Every exported constant of
// internal/rowlayout and internal/channel must appear (a test checks it);
// the Kage names are the Go names with their first word in lower case
// (GPURowTexels is gpuRowTexels), the channels' with a "ch" prefix, and
// emitter's enum values prefixed by their type.
var groups = []group{
	{"internal/rowlayout: the kind row (image 1).", []constant{
		{"rowHeader", rowlayout.RowHeader},
		{"rowFlipbook", rowlayout.RowFlipbook},
		{"rowTexPos", rowlayout.RowTexPos},
		{"rowTexSize", rowlayout.RowTexSize},
		{"rowStripPos", rowlayout.RowStripPos},
		{"rowStripSize", rowlayout.RowStripSize},
		{"rowBrightness", rowlayout.RowBrightness},
		{"rowInfluence", rowlayout.RowInfluence},
		{"rowEmission", rowlayout.RowEmission},
		{"rowRateMin", rowlayout.RowRateMin},
		{"rowRateMax", rowlayout.RowRateMax},
		{"rowCell", rowlayout.RowCell},
		{"rowTrans", rowlayout.RowTrans},
		{"rowColor", rowlayout.RowColor},
		{"dataWidth", rowlayout.DataWidth},
		{"rowBytes", rowlayout.RowBytes},
		{"maxKeypoints", rowlayout.MaxKeypoints},
		{"flagBlendFrames", rowlayout.FlagBlendFrames},
		{"flagStartRandom", rowlayout.FlagStartRandom},
		{"flagStrip", rowlayout.FlagStrip},
	}},
	{"internal/rowlayout: the GPU path's rows (image 2).", []constant{
		{"gpuRowTexels", rowlayout.GPURowTexels},
		{"gpuRowBytes", rowlayout.GPURowBytes},
		{"rowLimit", rowlayout.RowLimit},
		{"instSeed", rowlayout.InstSeed},
		{"instMotion", rowlayout.InstMotion},
		{"instMoveScale", rowlayout.InstMoveScale},
		{"instSizeScale", rowlayout.InstSizeScale},
		{"instHalfW", rowlayout.InstHalfW},
		{"instHalfH", rowlayout.InstHalfH},
		{"instSphereBase", rowlayout.InstSphereBase},
		{"instBursts", rowlayout.InstBursts},
		{"motEnums", rowlayout.MotEnums},
		{"motCounts", rowlayout.MotCounts},
		{"motLifeMin", rowlayout.MotLifeMin},
		{"motLifeMax", rowlayout.MotLifeMax},
		{"motRate", rowlayout.MotRate},
		{"motSpeedMin", rowlayout.MotSpeedMin},
		{"motSpeedMax", rowlayout.MotSpeedMax},
		{"motDirX", rowlayout.MotDirX},
		{"motDirY", rowlayout.MotDirY},
		{"motAccX", rowlayout.MotAccX},
		{"motAccY", rowlayout.MotAccY},
		{"motSpread", rowlayout.MotSpread},
		{"motDrag", rowlayout.MotDrag},
		{"motPartial", rowlayout.MotPartial},
		{"motRotMin", rowlayout.MotRotMin},
		{"motRotMax", rowlayout.MotRotMax},
		{"motRotSpeedMin", rowlayout.MotRotSpeedMin},
		{"motRotSpeedMax", rowlayout.MotRotSpeedMax},
		{"motRadius", rowlayout.MotRadius},
		{"motGlow", rowlayout.MotGlow},
		{"motSize", rowlayout.MotSize},
		{"motSquash", rowlayout.MotSquash},
		{"motFlagConstLife", rowlayout.MotFlagConstLife},
	}},
	{"internal/rowlayout: the effect shader's loop bounds.", []constant{
		{"maxCandidates", rowlayout.MaxCandidates},
		{"maxBursts", rowlayout.MaxBursts},
		{"maxLayers", rowlayout.MaxLayers},
	}},
	{"internal/rowlayout: the GPU path's bins (mask image, job rows).", []constant{
		{"binTile", rowlayout.BinTile},
		{"binGroup", rowlayout.BinGroup},
		{"binMaxGroups", rowlayout.BinMaxGroups},
		{"binMaxSummary", rowlayout.BinMaxSummary},
		{"binWidth", rowlayout.BinWidth},
		{"binMaxRows", rowlayout.BinMaxRows},
		{"binMaxTiles", rowlayout.BinMaxTiles},
		{"binXRel", rowlayout.BinXRel},
		{"binBClock", rowlayout.BinBClock},
		{"binHostRot", rowlayout.BinHostRot},
		{"binOriginX", rowlayout.BinOriginX},
		{"binOriginY", rowlayout.BinOriginY},
		{"binTileSize", rowlayout.BinTileSize},
		{"binBase", rowlayout.BinBase},
		{"binRow", rowlayout.BinRow},
		{"binStream", rowlayout.BinStream},
		{"binBursts", rowlayout.BinBursts},
		{"binTilesX", rowlayout.BinTilesX},
		{"binTilesY", rowlayout.BinTilesY},
		{"binGroups", rowlayout.BinGroups},
		{"binSummary", rowlayout.BinSummary},
		{"binHeader", rowlayout.BinHeader},
	}},
	{"internal/rowlayout: a world level's preset row (image 1 of the world shader).", []constant{
		{"worldHeader", rowlayout.WorldHeader},
		{"worldFrameSize", rowlayout.WorldFrameSize},
		{"worldColor", rowlayout.WorldColor},
		{"worldFrames", rowlayout.WorldFrames},
		{"worldDataWidth", rowlayout.WorldDataWidth},
		{"worldRowBytes", rowlayout.WorldRowBytes},
		{"worldMaxKeys", rowlayout.WorldMaxKeys},
		{"worldMaxFrames", rowlayout.WorldMaxFrames},
		{"worldBlendAdditive", rowlayout.WorldBlendAdditive},
		{"worldBlendCutout", rowlayout.WorldBlendCutout},
		{"worldBlendAlpha", rowlayout.WorldBlendAlpha},
		{"worldBlendPremultiplied", rowlayout.WorldBlendPremultiplied},
	}},
	{"internal/channel: the hash channels.", []constant{
		{"chLifetime", channel.Lifetime},
		{"chSpeed", channel.Speed},
		{"chSpread", channel.Spread},
		{"chRotation", channel.Rotation},
		{"chRotSpeed", channel.RotSpeed},
		{"chSizeEnvelope", channel.SizeEnvelope},
		{"chTransparencyEnvelope", channel.TransparencyEnvelope},
		{"chSquashEnvelope", channel.SquashEnvelope},
		{"chShapeU", channel.ShapeU},
		{"chShapeV", channel.ShapeV},
		{"chShapeSign", channel.ShapeSign},
		{"chFlipbookStart", channel.FlipbookStart},
		{"chFlipbookRate", channel.FlipbookRate},
		{"chFlipbookRandom", channel.FlipbookRandom},
		{"chThin", channel.Thin},
		{"chStrip", channel.Strip},
	}},
	{"package emitter: the enum values the shaders test.", []constant{
		{"blendNormal", int64(emitter.BlendNormal)},
		{"blendCutout", int64(emitter.BlendCutout)},
		{"blendPremultiplied", int64(emitter.BlendPremultiplied)},
		{"flipbookLoop", int64(emitter.FlipbookLoop)},
		{"flipbookOneShot", int64(emitter.FlipbookOneShot)},
		{"flipbookPingPong", int64(emitter.FlipbookPingPong)},
		{"flipbookRandom", int64(emitter.FlipbookRandom)},
		{"shapeBox", int64(emitter.Box)},
		{"shapeSphere", int64(emitter.Sphere)},
		{"shapeCylinder", int64(emitter.Cylinder)},
		{"shapeDisc", int64(emitter.Disc)},
		{"styleVolume", int64(emitter.Volume)},
		{"styleSurface", int64(emitter.Surface)},
		{"inOutOutward", int64(emitter.Outward)},
		{"inOutInward", int64(emitter.Inward)},
		{"inOutBoth", int64(emitter.InAndOut)},
		{"orientFacingCamera", int64(emitter.FacingCamera)},
		{"orientFacingCameraWorldUp", int64(emitter.FacingCameraWorldUp)},
		{"orientParallel", int64(emitter.VelocityParallel)},
		{"orientPerpendicular", int64(emitter.VelocityPerpendicular)},
	}},
}
