// Package cluster holds the recipes that run Sable's data pipeline on a
// scheduler rather than one machine: a container image (Dockerfile), a
// Slurm job array (slurm.sh running step.sh) and a Kubernetes Indexed Job
// manifest (k8s.yaml). Its tests check them: the manifest, decoded strictly
// into the parts of the Kubernetes API objects it uses, and the Slurm recipe
// on a real one-node cluster (slurm-test.sh). docs/cluster.md says how to use them.
package cluster
