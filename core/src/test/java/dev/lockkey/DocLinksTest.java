package dev.lockkey;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every relative link of the README and of the pages under {@code docs/} leads somewhere: to a file
 * or folder of the repository, and, when it names an anchor in a Markdown page, to a heading of
 * that page (anchors as GitHub renders them). Code (fenced blocks and inline code) is not read.
 */
class DocLinksTest {
  private static final Pattern LINK = Pattern.compile("!?\\[[^\\]]*\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
  private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");
  private static final Pattern FENCE = Pattern.compile("^\\s*(```|~~~)");
  private static final Pattern INLINE_CODE = Pattern.compile("`[^`]*`");


  @Test
  void everyRelativeLinkLeadsToAFileAndAnchorOfTheRepository() throws IOException {
    Path root = ReadmeCode.root();
    Map<Path, Set<String>> anchors = new HashMap<>();
    List<String> broken = new ArrayList<>();
    int checked = 0;
    for (Path page : ReadmeCode.pages()) {
      for (String target : links(Files.readAllLines(page, StandardCharsets.UTF_8))) {
        if (target.matches("^[a-z][a-z0-9+.-]*:.*")) { // https:, mailto:: not ours to check
          continue;
        }
        checked++;
        int hash = target.indexOf('#');
        String file = hash < 0 ? target : target.substring(0, hash);
        Path linked = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
        String where = root.relativize(page) + ": (" + target + ")";
        if (!Files.exists(linked)) {
          broken.add(where + " leads to no file");
          continue;
        }
        if (hash >= 0 && linked.toString().endsWith(".md")) {
          String anchor = target.substring(hash + 1);
          if (!anchors.computeIfAbsent(linked, DocLinksTest::anchorsOf).contains(anchor)) {
            broken.add(where + " names no heading of " + root.relativize(linked));
          }
        }
      }
    }
    assertThat(checked).as("relative links read").isPositive();
    assertThat(broken).as("links that lead nowhere").isEmpty();
  }

  @Test
  void anchorsAreGitHubs() {
    List<String> page = List.of("# LockKey", "## The two commands", "### The secret of `@Secret` fields",
        "## Specs and the keys they generate", "## Over HTTP", "## Over HTTP", "```", "# not a heading", "```");
    assertThat(anchorsOf(page)).containsExactlyInAnyOrder("lockkey", "the-two-commands",
        "the-secret-of-secret-fields", "specs-and-the-keys-they-generate", "over-http", "over-http-1");
  }

  /** The targets of the links of a page, outside code. */
  private static List<String> links(List<String> lines) {
    List<String> targets = new ArrayList<>();
    for (String line : prose(lines)) {
      Matcher link = LINK.matcher(INLINE_CODE.matcher(line).replaceAll(""));
      while (link.find()) {
        targets.add(link.group(1).replaceFirst("^<(.*)>$", "$1"));
      }
    }
    return targets;
  }

  private static Set<String> anchorsOf(Path page) {
    try {
      return anchorsOf(Files.readAllLines(page, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The anchors GitHub gives the headings of a page: their text, lower case, without punctuation, spaces as hyphens. */
  private static Set<String> anchorsOf(List<String> lines) {
    Set<String> anchors = new HashSet<>();
    Map<String, Integer> seen = new HashMap<>();
    for (String line : prose(lines)) {
      Matcher heading = HEADING.matcher(line);
      if (heading.matches()) {
        String text = heading.group(1).replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1");
        String slug = text.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
        int count = seen.merge(slug, 1, Integer::sum);
        anchors.add(count == 1 ? slug : slug + "-" + (count - 1));
      }
    }
    return anchors;
  }

  /** The lines of a page outside fenced code blocks. */
  private static List<String> prose(List<String> lines) {
    List<String> prose = new ArrayList<>();
    boolean inFence = false;
    for (String line : lines) {
      if (FENCE.matcher(line).find()) {
        inFence = !inFence;
      } else if (!inFence) {
        prose.add(line);
      }
    }
    return prose;
  }
}
