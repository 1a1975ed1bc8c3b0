package dev.lockkey.processor;

import java.util.List;

/**
 * One valid guarded method: everything the writer needs for its key factory and its guard, as
 * plain data.
 *
 * @param kind which guard
 * @param methodName the method's name
 * @param parameterTypes the erased types of all its parameters, to find the method at run time
 * @param keyParameters the parameters the key is built from, in parameter order
 * @param source which parameter supplies which identity field
 * @param spec the spec interface
 * @param keyClass the spec's generated key class
 * @param accessors the accessors of the spec's identity fields, in declaration order, e.g.
 *     {@code tenant}, or {@code getTenant} in a Kotlin spec
 * @param secret whether the key class's factory takes a {@code KeySecret}
 * @param leaseParameter the index of the {@code Lease} parameter (for {@code @Idempotent}: of the
 *     {@code FencingToken} parameter), or -1
 * @param options the annotation's checked options
 */
record GuardedMethodModel(
    GuardKind kind,
    String methodName,
    List<TypeRef> parameterTypes,
    List<KeyParameter> keyParameters,
    KeySource source,
    TypeRef.Declared spec,
    TypeRef.Declared keyClass,
    List<String> accessors,
    boolean secret,
    int leaseParameter,
    GuardOptions options) {

  GuardedMethodModel {
    parameterTypes = List.copyOf(parameterTypes);
    keyParameters = List.copyOf(keyParameters);
    accessors = List.copyOf(accessors);
  }

  /**
   * A parameter the key is built from.
   *
   * @param index its position among the method's parameters
   * @param type its declared type
   */
  record KeyParameter(int index, String name, TypeRef type) {}
}
