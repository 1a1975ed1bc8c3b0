package dev.lockkey.compat;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.redis.RedisLockExecutor;
import java.io.IOException;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every class, method and field of Jedis that lockkey-redis's classes (as built, against the
 * parent's Jedis) name resolves in the Jedis on this class path (6.0), with the exact descriptor
 * the JVM will look for. Source compatibility is not enough: {@code SetParams.px(long)} compiles
 * against Jedis 6 and 8 alike, but code compiled against 8 calls a method returning
 * {@code SetParams} that Jedis 6 lacks ({@code NoSuchMethodError}). The contract tests find such a
 * break only on the paths they run; this finds it on every path.
 */
class RuntimeLinksOnJedisSixTest {

  @Test
  void everyJedisReferenceOfTheRuntimeResolves() throws IOException, URISyntaxException {
    Path classes = Path.of(RedisLockExecutor.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    List<String> unresolved = new ArrayList<>();
    int checked = 0;
    for (byte[] classFile : classFiles(classes)) {
      for (JedisReferences.Reference reference : JedisReferences.in(classFile)) {
        checked++;
        if (!resolves(reference)) {
          unresolved.add(reference.toString());
        }
      }
    }
    assertThat(checked).as("Jedis references found in " + classes).isGreaterThan(20);
    assertThat(unresolved).as("Jedis API lockkey-redis links that Jedis 6.0 lacks").isEmpty();
  }

  private static List<byte[]> classFiles(Path classes) throws IOException {
    List<byte[]> files = new ArrayList<>();
    if (Files.isDirectory(classes)) {
      try (Stream<Path> walk = Files.walk(classes)) {
        for (Path file : walk.filter(path -> path.toString().endsWith(".class")).toList()) {
          files.add(Files.readAllBytes(file));
        }
      }
    } else {
      try (var jar = new java.util.jar.JarFile(classes.toFile())) {
        for (var entry : jar.stream().filter(e -> e.getName().endsWith(".class")).toList()) {
          try (var in = jar.getInputStream(entry)) {
            files.add(in.readAllBytes());
          }
        }
      }
    }
    return files;
  }

  private static boolean resolves(JedisReferences.Reference reference) {
    Class<?> owner;
    try {
      owner = Class.forName(reference.owner().replace('/', '.'), false, RuntimeLinksOnJedisSixTest.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
    return switch (reference.kind()) {
      case "class" -> true;
      case "field" -> hierarchy(owner).stream().flatMap(type -> Stream.of(type.getDeclaredFields()))
          .anyMatch(field -> field.getName().equals(reference.name()) && descriptor(field).equals(reference.descriptor()));
      default -> reference.name().equals("<init>")
          ? Stream.of(owner.getDeclaredConstructors()).anyMatch(c -> descriptor(c).equals(reference.descriptor()))
          : hierarchy(owner).stream().flatMap(type -> Stream.of(type.getDeclaredMethods()))
              .anyMatch(m -> m.getName().equals(reference.name()) && descriptor(m).equals(reference.descriptor()));
    };
  }

  /** The class, its superclasses and all their interfaces: where the JVM looks for a member. */
  private static Set<Class<?>> hierarchy(Class<?> type) {
    Set<Class<?>> seen = new HashSet<>();
    Deque<Class<?>> todo = new ArrayDeque<>(List.of(type));
    while (!todo.isEmpty()) {
      Class<?> next = todo.pop();
      if (seen.add(next)) {
        if (next.getSuperclass() != null) {
          todo.push(next.getSuperclass());
        }
        todo.addAll(List.of(next.getInterfaces()));
      }
    }
    return seen;
  }

  private static String descriptor(Method method) {
    return MethodType.methodType(method.getReturnType(), method.getParameterTypes()).toMethodDescriptorString();
  }

  private static String descriptor(Constructor<?> constructor) {
    return MethodType.methodType(void.class, constructor.getParameterTypes()).toMethodDescriptorString();
  }

  private static String descriptor(Field field) {
    return MethodType.methodType(field.getType()).toMethodDescriptorString().substring(2);
  }
}
