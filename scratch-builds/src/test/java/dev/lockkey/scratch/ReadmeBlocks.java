package dev.lockkey.scratch;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The code blocks of the README that a test runs, each marked by an HTML comment on the line
 * before its fence, e.g. {@code <!-- checked: maven -->}: invisible on the rendered page, and a
 * block moved or renamed fails the test rather than going unchecked.
 */
final class ReadmeBlocks {
  private static final Pattern BLOCK = Pattern.compile(
      "<!-- checked: ([a-z-]+)[^>]*-->\\R```[a-z]*\\R(.*?)\\R```", Pattern.DOTALL);

  /** A marked block: its kind and its code. */
  private record Block(String kind, String code) {}

  private final List<Block> blocks = new ArrayList<>();

  private ReadmeBlocks(String markdown) {
    Matcher matcher = BLOCK.matcher(markdown);
    while (matcher.find()) {
      blocks.add(new Block(matcher.group(1), matcher.group(2)));
    }
  }

  static ReadmeBlocks read(Path readme) throws IOException {
    return new ReadmeBlocks(Files.readString(readme, StandardCharsets.UTF_8));
  }

  /**
   * The blocks marked {@code kind}, in order.
   *
   * @throws IllegalStateException when there is none
   */
  List<String> all(String kind) {
    List<String> found = blocks.stream().filter(block -> block.kind().equals(kind)).map(Block::code).toList();
    if (found.isEmpty()) {
      throw new IllegalStateException("the README has no block marked <!-- checked: " + kind + " -->");
    }
    return found;
  }

  /** The only block marked {@code kind}. */
  String only(String kind) {
    List<String> found = all(kind);
    if (found.size() != 1) {
      throw new IllegalStateException("the README has " + found.size() + " blocks marked " + kind + ", not one");
    }
    return found.get(0);
  }
}
