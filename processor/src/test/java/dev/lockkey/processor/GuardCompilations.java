package dev.lockkey.processor;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;

/** Compiles test sources with both processors, as a user's build runs them, the runtime on the class path. */
final class GuardCompilations {
  private GuardCompilations() {}

  /** A source file of package {@code test}, importing what {@link Compilations#source} does and the guard annotations. */
  static JavaFileObject source(String simpleName, String... lines) {
    List<String> all = new ArrayList<>();
    all.add("import dev.lockkey.guard.*;");
    all.add("import dev.lockkey.lock.Lease;");
    all.addAll(List.of(lines));
    return Compilations.source(simpleName, all.toArray(String[]::new));
  }

  /** Compiles with both processors, checking that no diagnostic holds a stack trace. */
  static Compilation compile(JavaFileObject... sources) {
    return compile(Compilations.javacWithRuntime(), sources);
  }

  /** Compiles with {@code compiler} and both processors, checking that no diagnostic holds a stack trace. */
  static Compilation compile(Compiler compiler, JavaFileObject... sources) {
    Compilation compilation = compiler
        .withProcessors(new LockKeyProcessor(), new GuardedMethodProcessor())
        .compile(sources);
    for (Diagnostic<? extends JavaFileObject> diagnostic : compilation.diagnostics()) {
      assertThat(diagnostic.getMessage(Locale.ROOT))
          .doesNotContain("\tat ", "Exception", "[LockKeyInternal]");
    }
    return compilation;
  }
}
