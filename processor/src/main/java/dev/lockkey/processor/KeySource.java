package dev.lockkey.processor;

import java.util.List;

/** Where a guarded method's key comes from: checked, so that every identity field has exactly one source. */
sealed interface KeySource {

  /**
   * One parameter per identity field.
   *
   * @param parameters the parameters' names, in the spec's field order
   */
  record Fields(List<String> parameters) implements KeySource {
    public Fields {
      parameters = List.copyOf(parameters);
    }
  }

  /**
   * One parameter whose type implements the spec.
   *
   * @param form what the parameter's type is, which decides how the key is made of it
   */
  record Whole(String parameter, Form form) implements KeySource {}

  /** What a whole-key parameter's type is. */
  enum Form {
    /** The spec interface: a generated key is used as it is, any other value copied field by field. */
    SPEC,
    /** The generated key class: used as it is. */
    KEY,
    /** Another type implementing the spec, e.g. a request record: copied field by field. */
    IMPLEMENTATION
  }
}
