package dev.lockkey.guard;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The guards of one class's annotated methods: the table that {@code lockkey-processor} generates
 * as {@code XxxGuards.GUARDS} for a class {@code Xxx}. An interceptor finds a class's table once
 * with {@link #load(Class)} and each method's guard once with {@link #find(Method)}; neither is
 * needed per call.
 */
public final class MethodGuards {
  /** The simple name's suffix of a generated class: {@code PaymentServiceGuards} for {@code PaymentService}. */
  public static final String SUFFIX = "Guards";
  /** The name of the generated class's table field. */
  public static final String FIELD = "GUARDS";

  private final Class<?> type;
  private final List<MethodGuard> guards;

  private MethodGuards(Class<?> type, List<MethodGuard> guards) {
    this.type = Objects.requireNonNull(type, "type");
    this.guards = List.copyOf(guards);
  }

  /**
   * The guards of {@code type}'s methods, as generated code builds its table.
   *
   * @param type the class whose methods are guarded
   * @param guards one guard per annotated method, in declaration order
   * @return the table
   */
  public static MethodGuards of(Class<?> type, MethodGuard... guards) {
    return new MethodGuards(type, List.of(guards));
  }

  /**
   * The generated table of {@code type}, or empty when {@code type} has no annotated method (or was
   * compiled without {@code lockkey-processor}). Loads the generated class: call it once per class.
   *
   * @param type the class whose methods may be guarded
   * @return the table of the generated {@link #generatedClassName(Class)}, if there is one
   * @throws IllegalStateException when the generated class exists but has no readable table
   */
  public static Optional<MethodGuards> load(Class<?> type) {
    Class<?> generated;
    try {
      generated = Class.forName(generatedClassName(type), true, type.getClassLoader());
    } catch (ClassNotFoundException e) {
      return Optional.empty();
    }
    try {
      Field field = generated.getField(FIELD);
      if (Modifier.isStatic(field.getModifiers()) && field.get(null) instanceof MethodGuards guards) {
        return Optional.of(guards);
      }
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(generated.getName() + " has no public static " + FIELD + " table", e);
    }
    throw new IllegalStateException(generated.getName() + "." + FIELD + " is not a MethodGuards table");
  }

  /**
   * The generated class's name for {@code type}: {@code com.acme.PaymentServiceGuards} for
   * {@code com.acme.PaymentService}, {@code com.acme.Outer_InnerGuards} for a nested class.
   *
   * @param type the guarded class
   * @return the binary name of the class generated for it
   */
  public static String generatedClassName(Class<?> type) {
    StringBuilder simpleNames = new StringBuilder(type.getSimpleName());
    for (Class<?> outer = type.getEnclosingClass(); outer != null; outer = outer.getEnclosingClass()) {
      simpleNames.insert(0, outer.getSimpleName() + "_");
    }
    String packageName = type.getPackageName();
    return (packageName.isEmpty() ? "" : packageName + ".") + simpleNames + SUFFIX;
  }

  /** {@return the class whose methods these guards guard} */
  public Class<?> type() {
    return type;
  }

  /** {@return every guard, in declaration order of the methods} */
  public List<MethodGuard> guards() {
    return guards;
  }

  /**
   * The guard of {@code method}, a method declared in {@link #type()}, if it is annotated.
   *
   * @param method a method of the guarded class
   * @return its guard; empty when it is not annotated or not declared in {@link #type()}
   */
  public Optional<MethodGuard> find(Method method) {
    if (method.getDeclaringClass() != type) {
      return Optional.empty();
    }
    return guards.stream().filter(guard -> guard.matches(method)).findFirst();
  }

  @Override
  public String toString() {
    return "MethodGuards[" + type.getName() + ", " + guards + "]";
  }
}
