package dev.lockkey;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The code blocks of the documentation that tests check: the README and every page under
 * {@code docs/}. A checked block carries an HTML comment on the line before its fence, e.g.
 * {@code <!-- checked: jdbc-java (what checks it) -->}: invisible on the rendered page, found
 * wherever it moved, and a block removed or renamed fails its test rather than going unchecked.
 * A Java block stands word for word in a test's source between the lines
 * {@code // the README's block <kind>, from here} (or, when the source holds one block only,
 * {@value #FROM}) and {@value #TO}, so that it compiles against this build, and its imports are the
 * source's. For the tests of every module (in core's test-jar).
 */
public final class ReadmeCode {
  private static final String FROM = "// the README's block, from here";
  private static final String TO = "// to here";
  private static final Pattern BLOCK = Pattern.compile(
      "<!-- checked: ([a-z0-9-]+)(?: [^>]*)?-->\\R```[a-z]*\\R(.*?)\\R```", Pattern.DOTALL);

  /** A checked block: its kind, its code and the page that holds it. */
  private record Block(String kind, String code, Path page) {}

  private ReadmeCode() {}

  /**
   * The folder of the repository: the nearest folder at or above the working directory (a
   * module's folder under Maven) that holds {@code README.md} and {@code docs/}.
   *
   * @return the repository's folder
   * @throws IllegalStateException when there is none
   */
  public static Path root() {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (Files.isRegularFile(dir.resolve("README.md")) && Files.isDirectory(dir.resolve("docs"))) {
        return dir;
      }
    }
    throw new IllegalStateException("no folder at or above " + Path.of("").toAbsolutePath()
        + " holds README.md and docs/");
  }

  /**
   * The pages of the documentation: the README first, then every {@code .md} file under
   * {@code docs/} in the order of their paths.
   *
   * @return the pages' paths
   */
  public static List<Path> pages() {
    Path root = root();
    List<Path> pages = new ArrayList<>();
    pages.add(root.resolve("README.md"));
    try (Stream<Path> docs = Files.walk(root.resolve("docs"))) {
      docs.filter(path -> path.toString().endsWith(".md")).sorted(Comparator.comparing(Path::toString))
          .forEach(pages::add);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return pages;
  }

  /**
   * The code of the only block marked {@code <!-- checked: kind ... -->} in the documentation.
   *
   * @param kind the block's mark
   * @return its code, without the fences
   * @throws IOException when a page cannot be read
   */
  public static String block(String kind) throws IOException {
    List<Block> found = marked(kind);
    assertThat(found).as("pages holding a block marked <!-- checked: %s -->", kind)
        .extracting(Block::page).hasSize(1);
    return found.get(0).code();
  }

  /**
   * The code of every block marked {@code <!-- checked: kind ... -->}, the README's first, then
   * those of {@code docs/} in the order of their paths, each page's in its order.
   *
   * @param kind the blocks' mark
   * @return their code, without the fences; at least one
   * @throws IOException when a page cannot be read
   */
  public static List<String> blocks(String kind) throws IOException {
    List<Block> found = marked(kind);
    assertThat(found).as("a block marked <!-- checked: %s --> in %s", kind, pages()).isNotEmpty();
    return found.stream().map(Block::code).toList();
  }

  private static List<Block> marked(String kind) throws IOException {
    List<Block> found = new ArrayList<>();
    for (Path page : pages()) {
      Matcher block = BLOCK.matcher(Files.readString(page, StandardCharsets.UTF_8));
      while (block.find()) {
        if (block.group(1).equals(kind)) {
          found.add(new Block(kind, block.group(2), page));
        }
      }
    }
    return found;
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

    assertThat(block.get(imports.size())).as("%s: a blank line after the imports", kind).isEmpty();
    assertThat(code.lines().toList()).as("%s: its imports", kind).containsAll(imports.stream()
        .filter(line -> !line.startsWith("import " + ownPackage + ".")).toList());
    assertThat(markedCode(code, kind)).as(kind).isEqualTo(block.subList(imports.size() + 1, block.size()));
  }

  /**
   * The lines of {@code source} between the markers of block {@code kind} (or the only unnamed
   * markers), without the first marker's indentation.
   */
  private static List<String> markedCode(String source, String kind) {
    List<String> lines = source.lines().map(String::stripTrailing).toList();
    String named = "// the README's block " + kind + ", from here";
    String from = lines.stream().anyMatch(line -> line.strip().equals(named)) ? named : FROM;
    int start = -1;
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).strip().equals(from)) {
        start = i;
        break;
      }
    }
    assertThat(start).as("the marker %s", from).isNotNegative();
    int end = start + 1;
    while (end < lines.size() && !lines.get(end).strip().equals(TO)) {
      end++;
    }
    assertThat(end).as("the marker %s after %s", TO, from).isLessThan(lines.size());
    int indent = lines.get(start).indexOf(from);
    return lines.subList(start + 1, end).stream().map(line -> line.substring(Math.min(indent, line.length()))).toList();
  }
}
