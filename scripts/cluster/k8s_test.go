package cluster

import (
	"bytes"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/yaml"
)

// manifestJobs decodes the Jobs of k8s.yaml, strictly (an unknown field is
// an error), by name, and checks the other objects are the volume claim.
func manifestJobs(t *testing.T) map[string]*batchv1.Job {
	t.Helper()
	data, err := os.ReadFile("k8s.yaml")
	if err != nil {
		t.Fatal(err)
	}
	jobs := map[string]*batchv1.Job{}
	for i, doc := range bytes.Split(data, []byte("\n---\n")) {
		var meta struct{ Kind string }
		if err := yaml.Unmarshal(doc, &meta); err != nil {
			t.Fatalf("document %d: %v", i, err)
		}
		switch meta.Kind {
		case "Job":
			var j batchv1.Job
			if err := yaml.UnmarshalStrict(doc, &j); err != nil {
				t.Fatalf("document %d: %v", i, err)
			}
			jobs[j.Name] = &j
		case "PersistentVolumeClaim":
			var pvc corev1.PersistentVolumeClaim
			if err := yaml.UnmarshalStrict(doc, &pvc); err != nil {
				t.Fatalf("document %d: %v", i, err)
			}
			if pvc.Name != "sable-data" || !slices.Contains(pvc.Spec.AccessModes, corev1.ReadWriteMany) {
				t.Errorf("volume claim %q: want sable-data, ReadWriteMany for the shards to share", pvc.Name)
			}
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
		if m := j.Spec.CompletionMode; m == nil || *m != batchv1.IndexedCompletion {
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
func checkSharedVolume(t *testing.T, j *batchv1.Job) {
	t.Helper()
	pod := j.Spec.Template.Spec
	if pod.RestartPolicy != corev1.RestartPolicyNever {
		t.Errorf("%s: restartPolicy %q, want Never so that a failure counts against its index", j.Name, pod.RestartPolicy)
	}
	if len(pod.Volumes) != 1 || pod.Volumes[0].PersistentVolumeClaim == nil || pod.Volumes[0].PersistentVolumeClaim.ClaimName != "sable-data" {
		t.Errorf("%s: want the sable-data claim as its volume", j.Name)
	}
	m := pod.Containers[0].VolumeMounts
	if len(m) != 1 || m[0].MountPath != "/data" || m[0].Name != pod.Volumes[0].Name {
		t.Errorf("%s: want the volume mounted at /data, got %+v", j.Name, m)
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
