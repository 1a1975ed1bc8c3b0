package dev.lockkey.observe;

import dev.lockkey.FieldDescriptor;
import dev.lockkey.format.Digests;
import dev.lockkey.format.Escaping;
import dev.lockkey.format.FieldFormat;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * Turns one raw segment of a body back into a {@link DecodedField}, and rejects a segment that the
 * field could not have rendered: not escaped as the key format escapes, not a digest where the
 * field keeps one, or not the canonical text of the field's type (an {@code int} field never
 * renders {@code 007}, a {@code @CaseInsensitive} one never renders {@code Alice}). Being strict
 * keeps a decoder from attributing a key to a spec that merely has the same number of segments.
 * Types it does not know (enums) accept any text.
 */
final class SegmentDecoder {
  private static final Pattern DIGEST = Pattern.compile("[0-9a-f]{" + Digests.HEX_LENGTH + "}");
  private static final Pattern WINDOW_START = Pattern.compile("[0-9]{8}T[0-9]{6}Z");
  private static final DateTimeFormatter WINDOW_FORMAT = DateTimeFormatter.ofPattern("uuuuMMdd'T'HHmmss'Z'", Locale.ROOT);
  private static final String OPTIONAL = "java.util.Optional<";
  private static final String SET = "java.util.Set<";
  private static final List<String> COLLECTIONS = List.of("java.util.List<", SET, "java.util.Collection<");
  private static final String ELEMENT_SEPARATOR = ",";

  private SegmentDecoder() {}

  /**
   * The field that {@code segment} holds.
   *
   * @throws IllegalArgumentException saying why {@code field} cannot have rendered {@code segment}
   */
  static DecodedField decode(FieldDescriptor field, FieldFormat format, String segment) {
    String type = field.type();
    if (type.startsWith(OPTIONAL) && segment.isEmpty()) {
      return new DecodedField(field.name(), type, DecodedField.Form.ABSENT, List.of());
    }
    if (segment.isEmpty()) {
      throw new IllegalArgumentException(field.name() + " is empty, which only an absent Optional is");
    }
    if (field.digest()) {
      if (!DIGEST.matcher(segment).matches()) {
        throw new IllegalArgumentException(field.name() + " is no digest of " + Digests.HEX_LENGTH + " hex digits");
      }
      DecodedField.Form form = field.secret() ? DecodedField.Form.HMAC : DecodedField.Form.SHA256;
      return new DecodedField(field.name(), type, form, List.of(segment));
    }
    String scalarType = type.startsWith(OPTIONAL) ? elementType(type) : type;
    for (String collection : COLLECTIONS) {
      if (type.startsWith(collection)) {
        String[] escapedElements = segment.split(ELEMENT_SEPARATOR, -1);
        List<String> elements = new ArrayList<>();
        for (String element : escapedElements) {
          elements.add(text(field, format, elementType(type), element));
        }
        if (field.unordered() && !isSorted(escapedElements)) {
          throw new IllegalArgumentException(field.name() + " is @Unordered, but its elements are not sorted");
        }
        if (collection.equals(SET) && hasAdjacentDuplicates(escapedElements)) {
          throw new IllegalArgumentException(field.name() + " is a Set, but holds an element twice");
        }
        return new DecodedField(field.name(), type, DecodedField.Form.ELEMENTS, elements);
      }
    }
    return new DecodedField(field.name(), type, DecodedField.Form.TEXT, List.of(text(field, format, scalarType, segment)));
  }

  private static String elementType(String type) {
    return type.substring(type.indexOf('<') + 1, type.length() - 1);
  }

  /** Whether sorted elements hold one twice, which a set never renders. */
  private static boolean hasAdjacentDuplicates(String[] escapedElements) {
    for (int i = 1; i < escapedElements.length; i++) {
      if (escapedElements[i - 1].equals(escapedElements[i])) {
        return true;
      }
    }
    return false;
  }

  private static boolean isSorted(String[] escapedElements) {
    for (int i = 1; i < escapedElements.length; i++) {
      if (escapedElements[i - 1].compareTo(escapedElements[i]) > 0) {
        return false;
      }
    }
    return true;
  }

  /** The canonical text of one escaped scalar, checked against its type. */
  private static String text(FieldDescriptor field, FieldFormat format, String scalarType, String escaped) {
    String text;
    try {
      text = Escaping.unescape(escaped);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(field.name() + " is not escaped as the key format escapes: " + e.getMessage(), e);
    }
    if (text.isEmpty() || !canonical(field, format, scalarType).test(text)) {
      String modifiers = field.modifiers().isEmpty() ? "" : " " + String.join(" ", field.modifiers());
      throw new IllegalArgumentException(
          field.name() + " (" + scalarType + modifiers + ") never renders \"" + escaped + "\"");
    }
    return text;
  }

  /** Whether a text is what the key format renders for a value of {@code scalarType}. */
  private static Predicate<String> canonical(FieldDescriptor field, FieldFormat format, String scalarType) {
    return switch (scalarType) {
      case "byte", "java.lang.Byte" -> text -> parses(() -> Byte.toString(Byte.parseByte(text)), text);
      case "short", "java.lang.Short" -> text -> parses(() -> Short.toString(Short.parseShort(text)), text);
      case "int", "java.lang.Integer" -> text -> parses(() -> Integer.toString(Integer.parseInt(text)), text);
      case "long", "java.lang.Long" -> text -> parses(() -> Long.toString(Long.parseLong(text)), text);
      case "boolean", "java.lang.Boolean" -> text -> text.equals("true") || text.equals("false");
      case "java.util.UUID" -> text -> parses(() -> UUID.fromString(text).toString(), text);
      case "java.math.BigDecimal" -> text -> parses(() -> new BigDecimal(text).stripTrailingZeros().toPlainString(), text);
      case "java.time.LocalDate" -> text -> parses(() -> LocalDate.parse(text).toString(), text);
      case "java.time.YearMonth" -> text -> parses(() -> YearMonth.parse(text).toString(), text);
      case "java.time.Instant" -> text -> isWindowStart(field, text);
      case "java.lang.String" -> format::isCanonicalText;
      default -> text -> true;
    };
  }

  /** Whether {@code render} succeeds and gives back {@code text}: the text is its value's canonical form. */
  private static boolean parses(Supplier<String> render, String text) {
    try {
      return render.get().equals(text);
    } catch (RuntimeException notAValue) {
      return false;
    }
  }

  private static boolean isWindowStart(FieldDescriptor field, String text) {
    if (!WINDOW_START.matcher(text).matches()) {
      return false;
    }
    try {
      long millis = LocalDateTime.parse(text, WINDOW_FORMAT).toInstant(ZoneOffset.UTC).toEpochMilli();
      return Math.floorMod(millis, field.window().toMillis()) == 0; // a window start, not any instant
    } catch (RuntimeException notADate) {
      return false;
    }
  }
}
