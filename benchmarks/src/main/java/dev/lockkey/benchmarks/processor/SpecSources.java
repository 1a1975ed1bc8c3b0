package dev.lockkey.benchmarks.processor;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes {@code count} realistic {@code @LockKeySpec} interfaces as source files: two to four
 * identity fields each, drawn from the common field types and modifiers, each spec in a key space
 * of its own.
 */
public final class SpecSources {
  /** The package the specs are written in. */
  public static final String PACKAGE = "bench.specs";

  // Ten field shapes; spec i takes two to four of shapes i, i+3, i+7, i+5 (mod 10): distinct.
  private static final List<String> FIELDS =
      List.of(
          "String tenant();",
          "long orderId();",
          "java.util.UUID requestId();",
          "java.time.LocalDate day();",
          "java.math.BigDecimal amount();",
          "@dev.lockkey.CaseInsensitive String email();",
          "@dev.lockkey.Hashed String document();",
          "java.util.Optional<String> region();",
          "int attempt();",
          "boolean retry();");
  private static final int[] OFFSETS = {0, 3, 7, 5};

  private SpecSources() {}

  /**
   * Writes the specs under {@code root} (package folders included).
   *
   * @return the files written
   */
  public static List<Path> write(Path root, int count) throws IOException {
    Path dir = root.resolve(PACKAGE.replace('.', '/'));
    Files.createDirectories(dir);
    List<Path> files = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      String name = "Spec" + i;
      Path file = dir.resolve(name + ".java");
      Files.writeString(file, source(i, name), StandardCharsets.UTF_8);
      files.add(file);
    }
    return files;
  }

  private static String source(int i, String name) {
    StringBuilder source =
        new StringBuilder("package " + PACKAGE + ";\n\n")
            .append("@dev.lockkey.LockKeySpec(domain = \"domain-")
            .append(i)
            .append("\", action = \"act\")\n")
            .append("public interface ")
            .append(name)
            .append(" {\n");
    int fields = 2 + i % 3;
    for (int f = 0; f < fields; f++) {
      source.append("  ").append(FIELDS.get((i + OFFSETS[f]) % FIELDS.size())).append('\n');
    }
    return source.append("}\n").toString();
  }
}
