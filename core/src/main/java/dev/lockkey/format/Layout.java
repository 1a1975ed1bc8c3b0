package dev.lockkey.format;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A spec's layout, e.g. {@code payment:capture:v1:{tenant}:{orderId}}, compiled once: the literal
 * text around the placeholders for rendering, and the {@code :}-separated parts for parsing.
 * Immutable.
 */
final class Layout {
  private static final char SEPARATOR = ':';
  private static final String SEPARATOR_TEXT = ":";

  private final String text;
  private final List<String> fieldNames;
  /** The layout split at {@code :}, placeholders included. */
  private final String[] parts;
  /** For each part, the index of the field it names, or -1 for a literal word. */
  private final int[] partFields;
  /** The literal text before the first placeholder, between placeholders, and after the last. */
  private final String[] literals;
  /** For each placeholder in layout order, the index of the field it names. */
  private final int[] slotFields;
  private final int literalLength;
  /** Whether the placeholders appear in declaration order, as they always do in a default layout. */
  private final boolean placeholdersInDeclarationOrder;

  private Layout(String text, List<String> fieldNames, String[] parts, int[] partFields, String[] literals, int[] slotFields) {
    this.text = text;
    this.fieldNames = fieldNames;
    this.parts = parts;
    this.partFields = partFields;
    this.literals = literals;
    this.slotFields = slotFields;
    int length = 0;
    for (String literal : literals) {
      length += literal.length();
    }
    this.literalLength = length;
    boolean ordered = true;
    for (int slot = 0; slot < slotFields.length; slot++) {
      ordered &= slotFields[slot] == slot;
    }
    this.placeholdersInDeclarationOrder = ordered;
  }

  /**
   * Compiles {@code text}.
   *
   * @param specName the spec's name, for messages
   * @param fieldNames the identity fields in declaration order
   * @throws IllegalArgumentException when a part is empty, a literal is no word, a placeholder is
   *     glued to text, names no field or a field twice, or a field has no placeholder
   */
  static Layout compile(String specName, String text, List<String> fieldNames) {
    String[] parts = text.split(SEPARATOR_TEXT, -1);
    int[] partFields = new int[parts.length];
    String[] literals = new String[fieldNames.size() + 1];
    int[] slotFields = new int[fieldNames.size()];
    boolean[] placed = new boolean[fieldNames.size()];
    int slot = 0;
    StringBuilder literal = new StringBuilder();
    for (int p = 0; p < parts.length; p++) {
      String part = parts[p];
      if (p > 0) {
        literal.append(SEPARATOR);
      }
      int field = placeholderField(specName, text, part, fieldNames);
      partFields[p] = field;
      if (field < 0) {
        literal.append(part);
        continue;
      }
      if (placed[field]) {
        throw invalid(specName, text, "names {" + part.substring(1, part.length() - 1) + "} twice");
      }
      placed[field] = true;
      literals[slot] = literal.toString();
      slotFields[slot++] = field;
      literal.setLength(0);
    }
    for (int field = 0; field < placed.length; field++) {
      if (!placed[field]) {
        throw invalid(specName, text, "has no placeholder {" + fieldNames.get(field) + "}");
      }
    }
    literals[slot] = literal.toString();
    return new Layout(text, List.copyOf(fieldNames), parts, partFields, literals, slotFields);
  }

  /** The index of the field that {@code part} is the placeholder of, or -1 if it is a literal word. */
  private static int placeholderField(String specName, String text, String part, List<String> fieldNames) {
    if (part.isEmpty()) {
      throw invalid(specName, text, "has an empty part");
    }
    boolean braced = part.length() >= 2 && part.charAt(0) == '{' && part.charAt(part.length() - 1) == '}';
    String name = braced ? part.substring(1, part.length() - 1) : part;
    if (braced && name.isEmpty()) {
      throw invalid(specName, text, "has an empty placeholder {}");
    }
    if (name.indexOf('{') >= 0 || name.indexOf('}') >= 0) {
      throw invalid(specName, text, "glues a placeholder to other text in \"" + part + "\"");
    }
    if (!braced) {
      if (!Words.isWord(part)) {
        throw invalid(specName, text, "has the literal \"" + part + "\", which is not a key word");
      }
      return -1;
    }
    int field = fieldNames.indexOf(name);
    if (field < 0) {
      throw invalid(specName, text, "names {" + name + "}, which is no identity field");
    }
    return field;
  }

  private static IllegalArgumentException invalid(String specName, String text, String problem) {
    return new IllegalArgumentException(specName + ": layout \"" + text + "\" " + problem);
  }

  /** The layout as given, e.g. {@code payment:capture:v1:{tenant}:{orderId}}. */
  String text() {
    return text;
  }

  /** The total length of the literal text, in chars (and UTF-8 bytes: words are ASCII). */
  int literalLength() {
    return literalLength;
  }

  /**
   * The body from one segment per field in declaration order.
   *
   * @param length the body's length in chars: {@link #literalLength()} plus the segments' lengths
   */
  String render(String[] segments, int length) {
    if (placeholdersInDeclarationOrder) {
      // The JDK's string concatenation (invokedynamic) allocates the exact result once, with no
      // builder and no copy: the common small layouts take it.
      String[] l = literals;
      String[] s = segments;
      switch (s.length) {
        case 1: return l[0] + s[0] + l[1];
        case 2: return l[0] + s[0] + l[1] + s[1] + l[2];
        case 3: return l[0] + s[0] + l[1] + s[1] + l[2] + s[2] + l[3];
        case 4: return l[0] + s[0] + l[1] + s[1] + l[2] + s[2] + l[3] + s[3] + l[4];
        default: break;
      }
    }
    StringBuilder body = new StringBuilder(length);
    body.append(literals[0]);
    for (int slot = 0; slot < slotFields.length; slot++) {
      body.append(segments[slotFields[slot]]).append(literals[slot + 1]);
    }
    return body.toString();
  }

  /**
   * The raw (still escaped) segment of each field of {@code body}, in declaration order.
   *
   * @throws IllegalArgumentException when {@code body} has another number of parts than this
   *     layout, or another literal where this layout has one
   */
  Map<String, String> parse(String body) {
    String[] bodyParts = body.split(SEPARATOR_TEXT, -1);
    if (bodyParts.length != parts.length) {
      throw new IllegalArgumentException(
          "the body has " + bodyParts.length + " parts, layout \"" + text + "\" has " + parts.length);
    }
    String[] segments = new String[fieldNames.size()];
    for (int p = 0; p < parts.length; p++) {
      if (partFields[p] >= 0) {
        segments[partFields[p]] = bodyParts[p];
      } else if (!parts[p].equals(bodyParts[p])) {
        throw new IllegalArgumentException(
            "part " + (p + 1) + " of the body is not \"" + parts[p] + "\" as layout \"" + text + "\" requires");
      }
    }
    Map<String, String> byField = new LinkedHashMap<>();
    for (int field = 0; field < segments.length; field++) {
      byField.put(fieldNames.get(field), segments[field]);
    }
    return Collections.unmodifiableMap(byField);
  }
}
