package dev.lockkey.redis.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The hand-over routine is written once ({@code include/handover.lua}) and assembled into the
 * release and handoff scripts when they load: each holds its text exactly once, and no shipped lock
 * script writes a release channel's message or reads a waiter queue's head by itself. Plain text
 * checks, no server (the scripts' behaviour is RemoteWaiterScriptsTest's and ScriptRetryTest's).
 */
class HandoverRoutineTest {
  private static final String ROUTINE = LuaScript.resource("include/handover").strip();
  private static final List<String> LOCK_SCRIPTS = List.of("acquire", "handoff", "release", "extend");

  @Test
  void theReleaseAndHandoffScriptsEachHoldTheRoutineOnce() {
    for (String name : List.of("release", "handoff")) {
      String source = LuaScript.load(name).source();
      assertThat(occurrences(source, ROUTINE)).as(name).isEqualTo(1);
      assertThat(occurrences(source, "local function handOver(")).as(name).isEqualTo(1);
      assertThat(source).as(name).doesNotContain(LuaScript.INCLUDE);
    }
  }

  @Test
  void noShippedLockScriptPublishesOrReadsTheQueuesHeadOutsideTheRoutine() {
    assertThat(ROUTINE).contains("'PUBLISH'", "'ZRANGE'");
    for (String name : LOCK_SCRIPTS) {
      String shipped = LuaScript.resource(name);
      assertThat(shipped).as(name).doesNotContain("'PUBLISH'", "'ZRANGE'", "local function");
    }
    assertThat(LuaScript.load("acquire").source()).doesNotContain(ROUTINE);
    assertThat(LuaScript.load("extend").source()).doesNotContain(ROUTINE);
  }

  private static int occurrences(String text, String part) {
    int count = 0;
    for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1)) {
      count++;
    }
    return count;
  }
}
