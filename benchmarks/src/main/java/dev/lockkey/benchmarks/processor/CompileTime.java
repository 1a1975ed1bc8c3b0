package dev.lockkey.benchmarks.processor;

/**
 * How long one compilation took.
 *
 * @param wallNanos elapsed time
 * @param cpuNanos CPU time of the JVM that compiled, all threads (javac's own, GC, JIT)
 */
public record CompileTime(long wallNanos, long cpuNanos) {}
