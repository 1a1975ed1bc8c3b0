package dev.lockkey;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The README's code blocks that a module's test compiles: a block marked
 * {@code <!-- checked: kind ... -->} stands word for word in the test's source between the lines
 * {@value #FROM} and {@value #TO}, so that it compiles against this build, and its imports are the
 * source's. For the tests of every backend module (in the runtime's test-jar).
 */
public final class ReadmeCode {
  /** The README, seen from a module's folder. */
  public static final Path README = Path.of("../README.md");
  private static final String FROM = "// the README's block, from here";
  private static final String TO = "// to here";

  private ReadmeCode() {}

  /**
   * The code of the README block marked {@code <!-- checked: kind ... -->}.
   *
   * @param kind the block's mark
   * @return its code, without the fences
   * @throws IOException when the README cannot be read
   */
  public static String block(String kind) throws IOException {
    Matcher block = Pattern.compile("<!-- checked: " + Pattern.quote(kind) + "(?: [^>]*)?-->\\R```[a-z]*\\R(.*?)\\R```",
        Pattern.DOTALL).matcher(Files.readString(README, StandardCharsets.UTF_8));
    assertThat(block.find()).as("the README has a block marked <!-- checked: %s -->", kind).isTrue();
    return block.group(1);
  }

  /**
   * Asserts that the Java block marked {@code kind} (imports, a blank line, code) is the code of
   * {@code source} between the markers, and that {@code source} has its imports (but those of
   * {@code ownPackage}, which it needs not).
   *
   * @param kind the block's mark
   * @param source the test's source file, from the module's folder
   * @param ownPackage the package of the test
   * @throws IOException when a file cannot be read
   */
  public static void assertBlockIsTheCodeOf(String kind, Path source, String ownPackage) throws IOException {
    List<String> block = block(kind).lines().toList();
    String code = Files.readString(source, StandardCharsets.UTF_8);
    List<String> imports = block.stream().filter(line -> line.startsWith("import ")).toList();

    assertThat(block.get(imports.size())).isEmpty();
    assertThat(code.lines().toList()).containsAll(imports.stream()
        .filter(line -> !line.startsWith("import " + ownPackage + ".")).toList());
    assertThat(markedCode(code)).isEqualTo(block.subList(imports.size() + 1, block.size()));
  }

  /** The lines of {@code source} between the markers, without the first marker's indentation. */
  private static List<String> markedCode(String source) {
    List<String> lines = source.lines().toList();
    int from = -1;
    int to = -1;
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).strip().equals(FROM)) {
        from = i;
      } else if (lines.get(i).strip().equals(TO)) {
        to = i;
      }
    }
    assertThat(from).as("the marker %s", FROM).isNotNegative().isLessThan(to);
    int indent = lines.get(from).indexOf(FROM);
    return lines.subList(from + 1, to).stream().map(line -> line.substring(Math.min(indent, line.length()))).toList();
  }
}
