package dev.lockkey.format;

import dev.lockkey.FieldDescriptor;
import dev.lockkey.InvalidKeyException;
import dev.lockkey.SpecDescriptor;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The compiled layout of one spec: renders a body from its segments. Generated code holds one in
 * a constant: {@code private static final KeyFormat FORMAT = KeyFormat.of(SPEC);}. Immutable.
 */
public final class KeyFormat {
  /**
   * The edition of the key format that this runtime renders (docs/KEY-FORMAT.md, "Editions").
   * Rendering never changes within an edition.
   */
  public static final int EDITION = 1;

  /** The longest body, in UTF-8 bytes. */
  public static final int MAX_BODY_BYTES = 512;

  /** Bodies of at most this many chars fit for sure: a char is at most 3 UTF-8 bytes. */
  private static final int SURELY_FITTING_CHARS = MAX_BODY_BYTES / 3;

  private final SpecDescriptor spec;
  private final Layout layout;
  /** The fields' formats in declaration order. */
  private final FieldFormat[] fields;

  private KeyFormat(SpecDescriptor spec, Layout layout, FieldFormat[] fields) {
    this.spec = spec;
    this.layout = layout;
    this.fields = fields;
  }

  /**
   * Compiles the spec's layout. A spec of format edition 0 (a layout manifest written before
   * editions were recorded) is accepted for decoding: its bodies have the same layout.
   *
   * @param spec the spec
   * @return the compiled format
   * @throws IllegalArgumentException when the layout does not name each field exactly once, or
   *     the spec was generated for a newer format edition than {@link #EDITION} (a lockkey-processor
   *     newer than this runtime), whose bytes this runtime cannot render
   */
  public static KeyFormat of(SpecDescriptor spec) {
    if (spec.formatEdition() > EDITION) {
      throw new IllegalArgumentException(spec.name() + " was generated for key format edition " + spec.formatEdition()
          + ", but this lockkey runtime renders edition " + EDITION + "; use the runtime of the same release as the processor");
    }
    List<String> names = spec.fieldNames();
    Set<String> distinct = new HashSet<>(names);
    if (distinct.size() != names.size()) {
      throw new IllegalArgumentException(spec.name() + " declares an identity field name twice: " + names);
    }
    Layout layout = Layout.compile(spec.name(), spec.layout(), names);
    FieldFormat[] fields = new FieldFormat[names.size()];
    for (int i = 0; i < fields.length; i++) {
      fields[i] = new FieldFormat(spec.simpleName(), spec.fields().get(i));
    }
    return new KeyFormat(spec, layout, fields);
  }

  /**
   * The spec this format renders.
   *
   * @return the spec this format renders
   */
  public SpecDescriptor spec() {
    return spec;
  }

  /**
   * The layout this format renders, e.g. {@code payment:capture:v1:{tenant}:{orderId}}.
   *
   * @return the layout this format renders, e.g. {@code payment:capture:v1:{tenant}:{orderId}}
   */
  public String layout() {
    return layout.text();
  }

  /**
   * The format of one identity field.
   *
   * @param name the name of an identity field
   * @return the format of one identity field
   * @throws IllegalArgumentException when the spec has no such field
   */
  public FieldFormat field(String name) {
    for (FieldFormat field : fields) {
      if (field.name().equals(name)) {
        return field;
      }
    }
    throw new IllegalArgumentException(spec.name() + " has no identity field " + name);
  }

  /**
   * The body from one finished segment per identity field, in declaration order ("" for an
   * absent optional). The segments must come from this format's {@link FieldFormat}s: they are
   * not checked again.
   *
   * @param segments one finished segment per identity field
   * @return the body
   * @throws dev.lockkey.InvalidKeyException rule {@code too-long} naming the longest field when
   *     the body exceeds {@link #MAX_BODY_BYTES}
   * @throws IllegalArgumentException when the number of segments is not the number of fields
   */
  public String render(String... segments) {
    if (segments.length != fields.length) {
      throw new IllegalArgumentException(
          spec.name() + " has " + fields.length + " identity fields, render got " + segments.length + " segments");
    }
    int length = layout.literalLength();
    for (String segment : segments) {
      length += segment.length();
    }
    if (length > SURELY_FITTING_CHARS) {
      requireFits(segments);
    }
    return layout.render(segments, length);
  }

  /**
   * A body that generated code concatenated itself: this format's layout with one finished segment
   * per placeholder, each from this format's {@link FieldFormat}s (or, for a plain primitive
   * integral or boolean field, the value as Java concatenation prints it, which is its canonical
   * text and needs no escaping). Returns {@code body} after the check that {@link #render} makes,
   * so that both fail alike; rendering the same segments gives the same string.
   *
   * @param body the whole body, concatenated in layout order from finished segments
   * @return {@code body}, once it is known to fit
   * @throws dev.lockkey.InvalidKeyException rule {@code too-long} naming the longest field when
   *     the body exceeds {@link #MAX_BODY_BYTES}
   */
  public String body(String body) {
    if (body.length() > SURELY_FITTING_CHARS && utf8Length(body) > MAX_BODY_BYTES) {
      // Segments never hold the separator (escaped, digests, digits), so the body splits back into
      // them, and the failure names the same field as render's.
      requireFits(layout.parse(body).values().toArray(new String[0]));
    }
    return body;
  }

  private void requireFits(String[] segments) {
    int bytes = layout.literalLength();
    int longest = 0;
    int longestBytes = -1;
    for (int i = 0; i < segments.length; i++) {
      int segmentBytes = utf8Length(segments[i]);
      bytes += segmentBytes;
      if (segmentBytes > longestBytes) {
        longest = i;
        longestBytes = segmentBytes;
      }
    }
    if (bytes > MAX_BODY_BYTES) {
      FieldDescriptor field = spec.fields().get(longest);
      String advice = field.digest()
          ? "; use fewer or shorter fields"
          : "; mark it @Hashed to keep a " + Digests.HEX_LENGTH + "-character digest instead";
      throw new InvalidKeyException(spec.simpleName(), field.name(), Rules.TOO_LONG,
          "the body would be " + bytes + " UTF-8 bytes, more than " + MAX_BODY_BYTES + "; its longest field is "
              + field.name() + " (" + longestBytes + " bytes)" + advice);
    }
  }

  /** The UTF-8 length of text without unpaired surrogates, counted without encoding it. */
  private static int utf8Length(String text) {
    int bytes = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c < 0x80) {
        bytes += 1;
      } else if (c < 0x800) {
        bytes += 2;
      } else if (Character.isSurrogate(c)) {
        bytes += 2; // a pair is one 4-byte code point
      } else {
        bytes += 3;
      }
    }
    return bytes;
  }

  /**
   * The raw segments of a body this format rendered: for a later decoding of stored keys.
   *
   * @param body a body this format rendered
   * @return field name to segment text as stored (still escaped, or a digest; "" for an absent
   *     optional), in declaration order; unmodifiable
   * @throws IllegalArgumentException when {@code body} does not match this layout (another
   *     number of segments, or other literals)
   */
  public Map<String, String> parse(String body) {
    return layout.parse(body);
  }
}
