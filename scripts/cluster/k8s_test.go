package cluster

import (
	"bytes"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v2"
)

// The parts of the Kubernetes API objects that k8s.yaml uses, under their
// API field names (k8s.io/api's JSON names). Decoding is strict, so a field
// that is not here (a misspelt one, or one of another object) fails the
// test: a field the manifest comes to need is added here from the API
// reference (kubernetes.io/docs/reference/kubernetes-api).
type (
	objectMeta struct {
		Name   string            `yaml:"name"`
		Labels map[string]string `yaml:"labels"`
	}
	job struct {
		APIVersion string     `yaml:"apiVersion"`
		Kind       string     `yaml:"kind"`
		Metadata   objectMeta `yaml:"metadata"`
		Spec       struct {
			CompletionMode       *string `yaml:"completionMode"`
			Completions          *int32  `yaml:"completions"`
			Parallelism          *int32  `yaml:"parallelism"`
			BackoffLimit         *int32  `yaml:"backoffLimit"`
			BackoffLimitPerIndex *int32  `yaml:"backoffLimitPerIndex"`
			MaxFailedIndexes     *int32  `yaml:"maxFailedIndexes"`
			Template             struct {
				Spec podSpec `yaml:"spec"`
			} `yaml:"template"`
		} `yaml:"spec"`
	}
	podSpec struct {
		RestartPolicy string      `yaml:"restartPolicy"`
		Containers    []container `yaml:"containers"`
		Volumes       []struct {
			Name                  string `yaml:"name"`
			PersistentVolumeClaim *struct {
				ClaimName string `yaml:"claimName"`
			} `yaml:"persistentVolumeClaim"`
		} `yaml:"volumes"`
	}
	container struct {
		Name         string               `yaml:"name"`
		Image        string               `yaml:"image"`
		Command      []string             `yaml:"command"`
		Resources    resourceRequirements `yaml:"resources"`
		VolumeMounts []struct {
			Name      string `yaml:"name"`
			MountPath string `yaml:"mountPath"`
		} `yaml:"volumeMounts"`
	}
	resourceRequirements struct {
		Requests map[string]string `yaml:"requests"`
	}
	volumeClaim struct {
		APIVersion string     `yaml:"apiVersion"`
		Kind       string     `yaml:"kind"`
		Metadata   objectMeta `yaml:"metadata"`
		Spec       struct {
			AccessModes []string             `yaml:"accessModes"`
			Resources   resourceRequirements `yaml:"resources"`
		} `yaml:"spec"`
	}
)

// quantity is the form of a Kubernetes resource quantity: a number with an
// optional decimal or binary suffix ("1", "0.5", "512Mi", "20Gi").
var quantity = regexp.MustCompile(`^[0-9]+(\.[0-9]+)?([numkMGTPE]|[KMGTPE]i)?$`)

// checkRequests checks that the resource requests are of known resources
// and read as quantities.
func checkRequests(t *testing.T, what string, r resourceRequirements) {
	t.Helper()
	for name, q := range r.Requests {
		if name != "cpu" && name != "memory" && name != "storage" {
			t.Errorf("%s: request of an unknown resource %q", what, name)
		}
		if !quantity.MatchString(q) {
			t.Errorf("%s: request %s: %q is not a quantity", what, name, q)
		}
	}
}

// manifestJobs decodes the Jobs of k8s.yaml, strictly (an unknown field is
// an error), by name, and checks the other objects are the volume claim.
func manifestJobs(t *testing.T) map[string]*job {
	t.Helper()
	data, err := os.ReadFile("k8s.yaml")
	if err != nil {
		t.Fatal(err)
	}
	jobs := map[string]*job{}
	for i, doc := range bytes.Split(data, []byte("\n---\n")) {
		var meta struct{ Kind string }
		if err := yaml.Unmarshal(doc, &meta); err != nil {
			t.Fatalf("document %d: %v", i, err)
		}
		switch meta.Kind {
		case "Job":
			var j job
			if err := yaml.UnmarshalStrict(doc, &j); err != nil {
				t.Fatalf("document %d: %v", i, err)
			}
			if j.APIVersion != "batch/v1" {
				t.Errorf("Job %s: apiVersion %q, want batch/v1", j.Metadata.Name, j.APIVersion)
			}
			if m := j.Spec.CompletionMode; m != nil && *m != "Indexed" && *m != "NonIndexed" {
				t.Errorf("Job %s: completionMode %q", j.Metadata.Name, *m)
			}
			for _, c := range j.Spec.Template.Spec.Containers {
				checkRequests(t, j.Metadata.Name, c.Resources)
			}
			jobs[j.Metadata.Name] = &j
		case "PersistentVolumeClaim":
			var pvc volumeClaim
			if err := yaml.UnmarshalStrict(doc, &pvc); err != nil {
				t.Fatalf("document %d: %v", i, err)
			}
			if pvc.APIVersion != "v1" || pvc.Metadata.Name != "sable-data" || !slices.Contains(pvc.Spec.AccessModes, "ReadWriteMany") {
				t.Errorf("volume claim %q (%s): want v1 sable-data, ReadWriteMany for the shards to share", pvc.Metadata.Name, pvc.APIVersion)
			}
			checkRequests(t, "volume claim", pvc.Spec.Resources)
		default:
			t.Errorf("document %d: unexpected kind %q", i, meta.Kind)
		}
	}
	return jobs
}

func TestManifestShardsAreIndexedJobsPassingTheIndexToShard(t *testing.T) {
	jobs := manifestJobs(t)
	for _, name := range []string{"sable-selfplay", "sable-label"} {
		j := jobs[name]
		if j == nil {
			t.Fatalf("no Job %s", name)
		}
		if m := j.Spec.CompletionMode; m == nil || *m != "Indexed" {
			t.Errorf("%s: completion mode not Indexed", name)
		}
		if j.Spec.Completions == nil || j.Spec.BackoffLimitPerIndex == nil {
			t.Fatalf("%s: completions and backoffLimitPerIndex must be set", name)
		}
		n := int(*j.Spec.Completions)
		cmd := j.Spec.Template.Spec.Containers[0].Command
		k := slices.Index(cmd, "--shard")
		if k < 0 || k+1 == len(cmd) || cmd[k+1] != fmt.Sprintf("$(JOB_COMPLETION_INDEX)/%d", n) {
			t.Errorf("%s: command %q must pass --shard $(JOB_COMPLETION_INDEX)/%d (completions)", name, cmd, n)
		}
		out := slices.Index(cmd, "--out")
		if out < 0 || !strings.Contains(cmd[out+1], "$(JOB_COMPLETION_INDEX)") {
			t.Errorf("%s: each index must write its own --out file: %q", name, cmd)
		}
		if cmd[0] != "sable" || cmd[1] != strings.TrimPrefix(name, "sable-") {
			t.Errorf("%s: command %q should run sable %s", name, cmd, strings.TrimPrefix(name, "sable-"))
		}
		checkSharedVolume(t, j)
	}
	// The merges list every shard's file, as many as the completions.
	n := int(*jobs["sable-selfplay"].Spec.Completions)
	for name, pattern := range map[string]string{"sable-merge-games": "/data/sp-%d.games", "sable-merge-labels": "/data/part-%d.lbl"} {
		j := jobs[name]
		if j == nil {
			t.Fatalf("no Job %s", name)
		}
		cmd := j.Spec.Template.Spec.Containers[0].Command
		for i := range n + 1 {
			if has := slices.Contains(cmd, fmt.Sprintf(pattern, i)); has != (i < n) {
				t.Errorf("%s: shard file %d listed: %v; want shards 0..%d exactly", name, i, has, n-1)
			}
		}
		checkSharedVolume(t, j)
	}
	if *jobs["sable-label"].Spec.Completions != int32(n) {
		t.Error("the labelling Job must have as many shards as the self-play Job, for the merges' lists")
	}
}

// checkSharedVolume checks that the Job's pods mount the shared claim at
// /data, where the commands write.
func checkSharedVolume(t *testing.T, j *job) {
	t.Helper()
	pod := j.Spec.Template.Spec
	if pod.RestartPolicy != "Never" {
		t.Errorf("%s: restartPolicy %q, want Never so that a failure counts against its index", j.Metadata.Name, pod.RestartPolicy)
	}
	if len(pod.Volumes) != 1 || pod.Volumes[0].PersistentVolumeClaim == nil || pod.Volumes[0].PersistentVolumeClaim.ClaimName != "sable-data" {
		t.Errorf("%s: want the sable-data claim as its volume", j.Metadata.Name)
	}
	m := pod.Containers[0].VolumeMounts
	if len(m) != 1 || m[0].MountPath != "/data" || m[0].Name != pod.Volumes[0].Name {
		t.Errorf("%s: want the volume mounted at /data, got %+v", j.Metadata.Name, m)
	}
}

func TestDockerfileCopiesFilesThatExistAndBuildsWithGoModsVersion(t *testing.T) {
	data, err := os.ReadFile("Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	mod, err := os.ReadFile("../../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	var goVersion string
	for _, l := range strings.Split(string(mod), "\n") {
		if v, ok := strings.CutPrefix(l, "go "); ok {
			goVersion = strings.Join(strings.Split(v, ".")[:2], ".")
		}
	}
	if !strings.Contains(string(data), "FROM golang:"+goVersion+"-") {
		t.Errorf("Dockerfile should build with Go %s, as go.mod says", goVersion)
	}
	for _, l := range strings.Split(string(data), "\n") {
		f := strings.Fields(l)
		if len(f) < 3 || f[0] != "COPY" || strings.HasPrefix(f[1], "--from") {
			continue
		}
		for _, src := range f[1 : len(f)-1] {
			if _, err := os.Stat("../../" + src); err != nil {
				t.Errorf("Dockerfile copies %s: %v", src, err)
			}
		}
	}
}
