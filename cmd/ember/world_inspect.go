package main

import (
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/emberfx/ember/emitter/world"
)

// inspection is what "ember world inspect" reports, and its JSON.
type inspection struct {
	File     string   `json:"file"`
	Version  int      `json:"version"`
	Features []string `json:"features"`
	// Slots are the slots in use: Used is what the schedules reserve,
	// Reserved what the presets' capacities hold (the figure MaxSlots
	// limits), Limit world.MaxSlots.
	Slots    slotUse          `json:"slots"`
	Textures []inspectTexture `json:"textures"`
	Presets  []inspectPreset  `json:"presets"`
	Sectors  []inspectSector  `json:"sectors"`
	Emitters []inspectEmitter `json:"emitters"`
}

type slotUse struct {
	Used     int `json:"used"`
	Reserved int `json:"reserved"`
	Limit    int `json:"limit"`
}

type inspectTexture struct {
	Name   string `json:"name"`
	Path   string `json:"path"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
	Digest string `json:"sha256"`
}

type inspectPreset struct {
	Name string `json:"name"`
	// Capacity is the preset's slots per emitter; Used the most any of
	// its emitters reserves; Emitters how many use it.
	Capacity int        `json:"capacity"`
	Used     int        `json:"used"`
	Emitters int        `json:"emitters"`
	Spawn    string     `json:"spawn"`
	Lifetime [2]float64 `json:"lifetime"`
	Drag     float64    `json:"drag"`
	Frames   []string   `json:"frames"`
	Facing   string     `json:"facing"`
	Blend    string     `json:"blend"`
	Flipbook string     `json:"flipbook"`
	FPS      float64    `json:"fps"`
}

type inspectPortal struct {
	Edge   int    `json:"edge"`
	Sector string `json:"sector"`
}

type inspectSector struct {
	Name    string          `json:"name"`
	Points  [][2]float64    `json:"points"`
	Floor   float64         `json:"floor"`
	Ceiling float64         `json:"ceiling"`
	Portals []inspectPortal `json:"portals"`
}

type inspectBurst struct {
	Time  float64 `json:"time_seconds"`
	Count int     `json:"count"`
}

type inspectEmitter struct {
	Name     string     `json:"name"`
	Preset   string     `json:"preset"`
	Sector   string     `json:"sector"`
	Position [3]float64 `json:"position"`
	Yaw      float64    `json:"yaw"`
	Scale    float64    `json:"scale"`
	Seed     uint32     `json:"seed"`
	// Bounds are the stored conservative bounds, [min, max].
	Bounds   [2][3]float64 `json:"bounds"`
	Schedule schedule      `json:"schedule"`
}

// schedule is an emitter's schedule as inspect reports it.
type schedule struct {
	Playback string         `json:"playback"`
	Rate     float64        `json:"rate"`
	Duration float64        `json:"duration_seconds"`
	Bursts   []inspectBurst `json:"bursts"`
	Delay    float64        `json:"delay_seconds"`
	Period   float64        `json:"period_seconds"`
	// Births is the births of one emission, RateBirths of them from the
	// rate; Groups the emissions alive at once; Slots = Groups × Births,
	// the slots the emitter uses of its preset's Capacity.
	Births     int `json:"births"`
	RateBirths int `json:"rate_births"`
	Groups     int `json:"groups"`
	Slots      int `json:"slots"`
	Capacity   int `json:"capacity"`
	// Ends is the level clock after which a once emitter shows nothing
	// (its last birth plus the longest lifetime, after the delay); null
	// for a cycling one.
	Ends *float64 `json:"ends_seconds"`
}

// inspect gathers what inspect reports about a valid document.
func inspect(file string, d *world.Document) (*inspection, error) {
	features, err := world.RequiredFeatures(d)
	if err != nil {
		return nil, err
	}
	in := &inspection{File: file, Version: d.Version, Features: features,
		Slots: slotUse{Limit: world.MaxSlots}, Textures: []inspectTexture{}, Presets: []inspectPreset{},
		Sectors: []inspectSector{}, Emitters: []inspectEmitter{}}
	for _, t := range d.Textures {
		in.Textures = append(in.Textures, inspectTexture{t.Name, t.Path, t.Width, t.Height, hex.EncodeToString(t.Digest[:])})
	}
	for _, p := range d.Presets {
		ip := inspectPreset{
			Name: p.Name, Capacity: p.Capacity, Spawn: p.Spawn.Shape.String(),
			Lifetime: [2]float64{p.Lifetime.Min, p.Lifetime.Max}, Drag: p.Drag,
			Frames: []string{}, Facing: p.Sprite.Facing.String(), Blend: p.Sprite.Blend.String(),
			Flipbook: p.Sprite.Flipbook.Mode.String(), FPS: p.Sprite.Flipbook.FPS,
		}
		for _, f := range p.Sprite.Frames {
			ip.Frames = append(ip.Frames, d.Textures[f].Name)
		}
		in.Presets = append(in.Presets, ip)
	}
	for _, s := range d.Sectors {
		is := inspectSector{Name: s.Name, Floor: s.Floor, Ceiling: s.Ceiling, Points: [][2]float64{}, Portals: []inspectPortal{}}
		for _, pt := range s.Points {
			is.Points = append(is.Points, [2]float64{pt.X, pt.Y})
		}
		for _, pt := range s.Portals {
			is.Portals = append(is.Portals, inspectPortal{pt.Edge, d.Sectors[pt.Sector].Name})
		}
		in.Sectors = append(in.Sectors, is)
	}
	for i := range d.Emitters {
		e := &d.Emitters[i]
		p := &d.Presets[e.Preset]
		sch, err := world.NewSchedule(e, p.Lifetime.Max)
		if err != nil {
			return nil, fmt.Errorf("emitter %s: %v", e.Name, err)
		}
		s := schedule{
			Playback: e.Playback.String(), Rate: e.Rate, Duration: e.Duration, Bursts: []inspectBurst{},
			Delay: e.Delay, Period: e.Period,
			Births: len(sch.Births), Groups: sch.Groups, Slots: sch.Slots(), Capacity: p.Capacity,
		}
		s.RateBirths = s.Births
		for _, b := range e.Bursts {
			s.Bursts = append(s.Bursts, inspectBurst{b.Time, b.Count})
			s.RateBirths -= b.Count
		}
		if sch.Playback == world.PlayOnce {
			end := sch.Delay + float64(sch.Births[len(sch.Births)-1]) + float64(sch.MaxLifetime)
			s.Ends = &end
		}
		in.Emitters = append(in.Emitters, inspectEmitter{
			Name: e.Name, Preset: p.Name, Sector: d.Sectors[e.Sector].Name,
			Position: [3]float64{e.Position.X, e.Position.Y, e.Position.Z},
			Yaw:      e.Yaw, Scale: e.Scale, Seed: e.Seed,
			Bounds: [2][3]float64{{e.Bounds.Min.X, e.Bounds.Min.Y, e.Bounds.Min.Z},
				{e.Bounds.Max.X, e.Bounds.Max.Y, e.Bounds.Max.Z}},
			Schedule: s,
		})
		ip := &in.Presets[e.Preset]
		ip.Emitters++
		ip.Used = max(ip.Used, s.Slots)
		in.Slots.Used += s.Slots
		in.Slots.Reserved += p.Capacity
	}
	return in, nil
}

// runWorldInspect is "ember world inspect LEVEL [--json]".
func runWorldInspect(c *worldCommand, args []string, stdout, stderr io.Writer) int {
	fs := new(flag.FlagSet)
	asJSON := fs.Bool("json", false, "print JSON instead of tables")
	file, doc, status, ok := c.level(fs, args, stdout, stderr, nil)
	if !ok {
		return status
	}
	in, err := inspect(file, &doc)
	if err == nil {
		if *asJSON {
			err = json.NewEncoder(stdout).Encode(in)
		} else {
			err = writeInspection(stdout, in)
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "ember world inspect: %v\n", err)
		return exitInvalid
	}
	return exitOK
}

// num writes a number briefly; -0 (the normalized yaw of -360) as 0.
func num(v float64) string { return strconv.FormatFloat(v+0, 'g', -1, 64) }

// frameList names a preset's frames, the first three of a longer list.
func frameList(frames []string) string {
	if len(frames) <= 3 {
		return strings.Join(frames, ",")
	}
	return strings.Join(frames[:3], ",") + ",… (" + strconv.Itoa(len(frames)) + ")"
}

func numRange(lo, hi float64) string {
	if lo == hi {
		return num(lo)
	}
	return num(lo) + ".." + num(hi)
}

// writeInspection writes in as tables.
func writeInspection(w io.Writer, in *inspection) error {
	fmt.Fprintf(w, "%s: version %d; %d textures, %d presets, %d sectors, %d emitters\n",
		in.File, in.Version, len(in.Textures), len(in.Presets), len(in.Sectors), len(in.Emitters))
	fmt.Fprintf(w, "features: %s\n", strings.Join(in.Features, ", "))
	fmt.Fprintf(w, "slots: %d used by the schedules, %d reserved by capacities, of %d\n",
		in.Slots.Used, in.Slots.Reserved, in.Slots.Limit)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	if len(in.Textures) > 0 {
		fmt.Fprintln(tw, "\ntexture\tsize\tsha256\tpath")
		for _, t := range in.Textures {
			fmt.Fprintf(tw, "%s\t%d×%d\t%s…\t%s\n", t.Name, t.Width, t.Height, t.Digest[:12], t.Path)
		}
	}
	if len(in.Presets) > 0 {
		fmt.Fprintln(tw, "\npreset\tcapacity\tused\temitters\tspawn\tlifetime\tdrag\tframes\tfacing\tblend\tflipbook")
		for _, p := range in.Presets {
			fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%s\t%s s\t%s\t%s\t%s\t%s\t%s %s fps\n", p.Name, p.Capacity, p.Used, p.Emitters,
				p.Spawn, numRange(p.Lifetime[0], p.Lifetime[1]), num(p.Drag), frameList(p.Frames),
				p.Facing, p.Blend, p.Flipbook, num(p.FPS))
		}
	}
	if len(in.Sectors) > 0 {
		fmt.Fprintln(tw, "\nsector\tpoints\tfloor\tceiling\tportals")
		for _, s := range in.Sectors {
			portals := make([]string, len(s.Portals))
			for i, p := range s.Portals {
				portals[i] = "edge " + strconv.Itoa(p.Edge) + " → " + p.Sector
			}
			fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%s\n", s.Name, len(s.Points), num(s.Floor), num(s.Ceiling), strings.Join(portals, ", "))
		}
	}
	if len(in.Emitters) > 0 {
		fmt.Fprintln(tw, "\nemitter\tpreset\tsector\tposition\tyaw\tscale\tseed\tplayback\tdelay\tbirths\trate+bursts\tgroups\tslots\tcapacity\tends")
		for _, e := range in.Emitters {
			s := e.Schedule
			play, ends := "once", "-"
			if s.Playback == world.PlayCycle.String() {
				play = "cycle " + num(s.Period) + " s"
			}
			if s.Ends != nil {
				ends = num(*s.Ends) + " s"
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s,%s,%s\t%s\t%s\t%d\t%s\t%s s\t%d\t%d+%d\t%d\t%d\t%d\t%s\n",
				e.Name, e.Preset, e.Sector, num(e.Position[0]), num(e.Position[1]), num(e.Position[2]),
				num(e.Yaw), num(e.Scale), e.Seed, play, num(s.Delay), s.Births, s.RateBirths, s.Births-s.RateBirths,
				s.Groups, s.Slots, s.Capacity, ends)
		}
	}
	return tw.Flush()
}
