#!/usr/bin/env bash
# Runs the whole benchmark suite (about ten minutes on two cores) and writes docs/PERFORMANCE.md.
#   benchmarks/run.sh                  the measured run
#   benchmarks/run.sh --smoke          one very short pass of everything (numbers mean nothing)
#   benchmarks/run.sh --out FILE       write the report elsewhere
# Single JMH benchmarks, by hand: see docs/PERFORMANCE.md ("How to run one benchmark").
set -euo pipefail
cd "$(dirname "$0")/.."
exec mvn -B -q -ntp -pl benchmarks -am -DskipTests -Pbenchmark-suite package -Dsuite.args="$*"
