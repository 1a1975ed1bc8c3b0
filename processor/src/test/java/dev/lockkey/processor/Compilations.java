package dev.lockkey.processor;

import static com.google.testing.compile.Compiler.javac;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import dev.lockkey.LockKey;
import java.io.File;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;

/** Compiles test sources with the processor, the runtime on the class path. */
final class Compilations {
  /** What every test source imports, so that a spec reads like one a user writes. */
  private static final List<String> IMPORTS = List.of(
      "import dev.lockkey.*;",
      "import java.math.*;",
      "import java.time.*;",
      "import java.time.temporal.ChronoUnit;",
      "import java.util.*;");

  /** Where the runtime's classes are: a jar, or a classes directory in the reactor. */
  static final File RUNTIME = runtimeLocation();

  private Compilations() {}

  private static File runtimeLocation() {
    try {
      return new File(LockKey.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** A source file of package {@code test} whose top-level type is {@code simpleName}, with {@link #IMPORTS}. */
  static JavaFileObject source(String simpleName, String... lines) {
    List<String> all = new ArrayList<>();
    all.add("package test;");
    all.addAll(IMPORTS);
    all.addAll(List.of(lines));
    return JavaFileObjects.forSourceLines("test." + simpleName, all);
  }

  /**
   * javac with only the runtime on the class path, which keeps compiling fast, unlike the whole
   * test class path.
   */
  static Compiler javacWithRuntime() {
    return javac().withClasspath(List.of(RUNTIME));
  }

  /** Compiles with the processor, checking that no diagnostic holds a stack trace. */
  static Compilation compile(JavaFileObject... sources) {
    return compile(javacWithRuntime(), sources);
  }

  /** Compiles with {@code compiler} and the processor, checking that no diagnostic holds a stack trace. */
  static Compilation compile(Compiler compiler, JavaFileObject... sources) {
    Compilation compilation = compiler.withProcessors(new LockKeyProcessor()).compile(sources);
    for (Diagnostic<? extends JavaFileObject> diagnostic : compilation.diagnostics()) {
      assertThat(diagnostic.getMessage(Locale.ROOT))
          .doesNotContain("\tat ", "Exception", "[LockKeyInternal]");
    }
    return compilation;
  }
}
