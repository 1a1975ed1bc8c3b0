package dev.lockkey.processor;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The layout of a spec's body (KEY-FORMAT.md, "The body"): {@code domain:action:v1:{f1}:{f2}} by
 * default, or the spec's template with {@code {version}} rendered as {@code v1}. Field placeholders
 * stay in the layout; the runtime fills them.
 */
final class Layout {
  private static final String TEMPLATE = "template";
  private static final String VERSION = "version";

  /**
   * @param layout the layout, or {@code null} when the template has errors
   * @param problems the template's errors, or else its warnings, each on the {@code template} value
   */
  record Result(String layout, List<Problem> problems) {}

  private Layout() {}

  /** The default layout: domain, action and version, then one segment per field in declaration order. */
  static String defaultLayout(String domain, String action, int version, List<String> fieldNames) {
    StringBuilder layout = new StringBuilder(domain).append(':').append(action).append(":v").append(version);
    for (String field : fieldNames) {
      layout.append(":{").append(field).append('}');
    }
    return layout.toString();
  }

  /**
   * The layout from {@code template}: every segment a key word or exactly one placeholder,
   * every field exactly once.
   */
  static Result fromTemplate(String template, int version, List<String> fieldNames) {
    List<Problem> problems = new ArrayList<>();
    List<String> rendered = new ArrayList<>();
    Set<String> placed = new HashSet<>();
    Set<String> mentioned = new HashSet<>();
    for (String segment : template.split(":", -1)) {
      String placeholder = segment(template, segment, fieldNames, placed, problems);
      rendered.add(VERSION.equals(placeholder) ? "v" + version : segment);
      if (segment.contains("{") || segment.contains("}")) {
        mentioned.addAll(List.of(segment.split("[{}]"))); // a broken placeholder is not also reported missing
      }
    }
    Set<String> missing = new LinkedHashSet<>(fieldNames);
    missing.removeAll(mentioned);
    for (String field : missing) {
      problems.add(error(Message.TEMPLATE_MISSING, template, field, field));
    }
    if (!problems.isEmpty()) {
      return new Result(null, problems);
    }
    if (!placed.contains(VERSION)) {
      problems.add(Problem.onValue(Names.LOCK_KEY_SPEC, TEMPLATE, Message.TEMPLATE_WITHOUT_VERSION, template));
    }
    return new Result(String.join(":", rendered), problems);
  }

  /**
   * Checks one segment, records a valid placeholder in {@code placed}, and returns the
   * placeholder's name, or {@code null} for a literal or a broken segment.
   */
  private static String segment(
      String template, String segment, List<String> fieldNames, Set<String> placed, List<Problem> problems) {
    if (segment.isEmpty()) {
      problems.add(error(Message.TEMPLATE_EMPTY_SEGMENT, template));
      return null;
    }
    long opening = segment.chars().filter(c -> c == '{').count();
    long closing = segment.chars().filter(c -> c == '}').count();
    if (opening == 0 && closing == 0) {
      if (!Words.isWord(segment)) {
        problems.add(error(Message.TEMPLATE_LITERAL, template, segment));
      }
      return null;
    }
    if (opening != closing || segment.indexOf('}') < segment.indexOf('{')) {
      problems.add(error(Message.TEMPLATE_BRACES, template, segment));
      return null;
    }
    if (opening > 1 || segment.charAt(0) != '{' || segment.charAt(segment.length() - 1) != '}') {
      problems.add(error(Message.TEMPLATE_GLUED, template, segment));
      return null;
    }
    String name = segment.substring(1, segment.length() - 1);
    if (!name.equals(VERSION) && !fieldNames.contains(name)) {
      problems.add(error(Message.TEMPLATE_UNKNOWN, template, name, fieldNames));
      return null;
    }
    if (!placed.add(name)) {
      problems.add(error(Message.TEMPLATE_DUPLICATE, template, name));
      return null;
    }
    return name;
  }

  private static Problem error(Message message, Object... args) {
    return Problem.onValue(Names.LOCK_KEY_SPEC, TEMPLATE, message, args);
  }
}
