#!/usr/bin/env bash
# Runs the whole benchmark suite (about ten minutes on two cores) and writes docs/PERFORMANCE.md.
#   benchmarks/run.sh                  the measured run
#   benchmarks/run.sh --smoke          one very short pass of everything (numbers mean nothing;
#                                      written to benchmarks/target/PERFORMANCE-smoke.md)
#   benchmarks/run.sh --only PARTS     some parts alone, comma-separated: rendering, lock-cycle, guarded-call,
#                                      contention, cross-process, rate-limit, many-keys, footprint, jdbc, processor (written to
#                                      benchmarks/target/PERFORMANCE-PARTS.md)
#   benchmarks/run.sh --cross-process  only the contention across processes (about 3 minutes; written
#                                      to benchmarks/target/PERFORMANCE-cross-process.md)
#   benchmarks/run.sh --lock-cycle     only the uncontended lock cycle (about a minute; written to
#                                      benchmarks/target/PERFORMANCE-lock-cycle.md)
#   benchmarks/run.sh --one-round      one round of every repeated comparison (after --smoke or alone),
#                                      for short runs on a shared machine; combine with --only
#   benchmarks/run.sh --out FILE       write the report elsewhere
#   benchmarks/run.sh --jmh ARGS...    JMH's own command line, e.g. --jmh LockCycleBenchmark -p contender=REDISSON -prof gc,
#                                      against a Redis started and pinned as in the suite
set -euo pipefail
cd "$(dirname "$0")/.."
exec mvn -B -q -ntp -pl benchmarks -am -DskipTests -Pbenchmark-suite package -Dsuite.args="$*"
