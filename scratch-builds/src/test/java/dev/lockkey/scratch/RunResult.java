package dev.lockkey.scratch;

/**
 * How a command ended, and what it printed (output and errors together).
 *
 * @param exitCode the process's exit code
 * @param output what it printed
 */
record RunResult(int exitCode, String output) {

  boolean succeeded() {
    return exitCode == 0;
  }
}
