package dev.lockkey.processor;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Which spec claimed which domain, action and version during this compilation, across rounds.
 *
 * <p>Best effort: it sees only the specs compiled together. Specs compiled separately (another
 * module, or a Gradle incremental build that recompiles one spec) are not compared.
 */
final class KeySpaces {
  private final Map<String, String> owners = new HashMap<>();

  /**
   * Claims a key space for {@code spec}.
   *
   * @return the spec that claimed it before, if any (which keeps it)
   */
  Optional<String> claim(String domain, String action, int version, String spec) {
    String owner = owners.putIfAbsent(domain + ':' + action + ":v" + version, spec);
    return Optional.ofNullable(owner).filter(previous -> !previous.equals(spec));
  }
}
