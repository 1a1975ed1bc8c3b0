package dev.lockkey.observe;

import dev.lockkey.format.Words;

/**
 * A key as text, split into purpose, environment and body: {@code purpose:env:{body}}, or a body
 * alone (text without braces), whose purpose and environment are then {@code null}.
 *
 * @param input the text as given
 */
record KeyText(String input, String purpose, String env, String body) {

  /**
   * The parts of {@code input}.
   *
   * @throws IllegalArgumentException saying why {@code input} is neither a full key nor a body
   */
  static KeyText parse(String input) {
    if (input.isEmpty()) {
      throw new IllegalArgumentException("it is empty");
    }
    if (input.indexOf('{') < 0 && input.indexOf('}') < 0) {
      return new KeyText(input, null, null, input);
    }
    int afterPurpose = input.indexOf(':');
    int afterEnv = afterPurpose < 0 ? -1 : input.indexOf(':', afterPurpose + 1);
    if (afterEnv < 0 || !input.startsWith("{", afterEnv + 1) || !input.endsWith("}")) {
      throw new IllegalArgumentException("a full key is purpose:env:{body}, e.g. lock:prod:{payment:capture:v1:t42:1}");
    }
    String purpose = input.substring(0, afterPurpose);
    String env = input.substring(afterPurpose + 1, afterEnv);
    String body = input.substring(afterEnv + 2, input.length() - 1);
    if (!Words.isWord(purpose) || !Words.isWord(env)) {
      throw new IllegalArgumentException("its purpose \"" + purpose + "\" or environment \"" + env
          + "\" is no key word (1 to 64 of a-z 0-9 - _, starting with a letter or digit)");
    }
    if (body.isEmpty() || body.indexOf('{') >= 0 || body.indexOf('}') >= 0) {
      throw new IllegalArgumentException("its body is empty or holds a brace, which the key format always escapes");
    }
    return new KeyText(input, purpose, env, body);
  }
}
