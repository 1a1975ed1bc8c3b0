package dev.lockkey.guard;

import dev.lockkey.codec.Jackson3Codec;
import dev.lockkey.codec.JacksonCodec;
import dev.lockkey.codec.ResultCodec;
import java.lang.invoke.MethodType;
import java.util.function.Function;

/**
 * Finds the codec of an {@link Idempotent @Idempotent} method's results, in the order
 * {@link Idempotent} documents: the method's own, the invoker's for the type, the built-in ones,
 * then JSON through Jackson 3 or, without it, Jackson 2, whichever is on the class path.
 */
final class ResultCodecs {
  /**
   * What a {@code void} method's work returns: {@code IdempotentCalls} stores no {@code null}, and
   * "it ran" is all there is to replay.
   */
  static final Object VOID = new Object();

  private static final ResultCodec<Object> NOTHING = new ResultCodec<>() {
    @Override
    public byte[] encode(Object value) {
      return new byte[0];
    }

    @Override
    public Object decode(byte[] bytes) {
      return VOID;
    }

    @Override
    public String toString() {
      return "the codec of void results";
    }
  };

  private static final boolean JACKSON_3 = present("tools.jackson.databind.ObjectMapper");
  private static final boolean JACKSON_2 = present("com.fasterxml.jackson.databind.ObjectMapper");

  private ResultCodecs() {}

  /**
   * The codec of {@code guard}'s results.
   *
   * @param policy the guard's idempotency policy
   * @param registered the invoker's codecs, by boxed result type
   * @throws IllegalStateException naming the method and the ways to give a codec, when there is none
   */
  static ResultCodec<?> find(MethodGuard guard, IdempotencyPolicy policy,
      Function<? super Class<?>, ? extends ResultCodec<?>> registered) {
    if (policy.codec() != null) {
      return policy.codec();
    }
    Class<?> type = MethodType.methodType(policy.resultType()).wrap().returnType();
    ResultCodec<?> codec = registered.apply(type);
    if (codec != null) {
      return codec;
    }
    if (type == Void.class) {
      return NOTHING;
    } else if (type == String.class) {
      return ResultCodec.utf8();
    } else if (type == byte[].class) {
      return ResultCodec.bytes();
    } else if (JACKSON_3) {
      return Jackson3Codec.of(type);
    } else if (JACKSON_2) {
      return JacksonCodec.of(type);
    }
    throw new IllegalStateException(guard + " returns " + type.getName() + ", which no codec stores: name one"
        + " with @Idempotent(codec = ...), give the invoker one with GuardInvoker.Builder.resultCodecs (in Spring"
        + " Boot: a ResultCodec<" + type.getSimpleName() + "> bean), or add Jackson (tools.jackson.core or"
        + " com.fasterxml.jackson.core:jackson-databind) to store it as JSON");
  }

  private static boolean present(String className) {
    try {
      Class.forName(className, false, ResultCodecs.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }
}
