package dev.lockkey.benchmarks.processor;

import dev.lockkey.benchmarks.ProcessCpu;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/** The JDK's javac, run in this JVM through {@code javax.tools}, as Maven runs it. */
final class Javac {
  private final JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();

  Javac() {
    if (compiler == null) {
      throw new IllegalStateException("no system Java compiler: run on a JDK, not a JRE");
    }
  }

  /**
   * Compiles {@code sources} into {@code classes}, generated sources (if any) into {@code
   * generated}, and returns how long it took.
   *
   * @param processorPath where annotation processors come from, or empty for none ({@code
   *     -proc:none})
   * @throws IllegalStateException when compilation fails, with javac's errors
   */
  CompileTime compile(
      List<Path> sources, List<Path> classPath, List<Path> processorPath, Path classes, Path generated)
      throws IOException {
    Files.createDirectories(classes);
    Files.createDirectories(generated);
    List<String> options = new ArrayList<>(List.of("--release", "17", "-implicit:none"));
    options.addAll(List.of("-d", classes.toString(), "-s", generated.toString()));
    options.addAll(List.of("-classpath", join(classPath)));
    if (processorPath.isEmpty()) {
      options.add("-proc:none");
    } else {
      options.addAll(List.of("-processorpath", join(processorPath)));
    }
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    long cpuStarted = ProcessCpu.nanos();
    long started = System.nanoTime();
    boolean ok;
    try (StandardJavaFileManager files =
        compiler.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
      ok =
          compiler
              .getTask(null, files, diagnostics, options, null, files.getJavaFileObjectsFromPaths(sources))
              .call();
    }
    CompileTime timing = new CompileTime(System.nanoTime() - started, ProcessCpu.nanos() - cpuStarted);
    if (!ok) {
      throw new IllegalStateException("javac failed: " + errors(diagnostics));
    }
    return timing;
  }

  /** Every {@code .java} file under {@code root}. */
  static List<Path> javaFiles(Path root) throws IOException {
    try (Stream<Path> files = Files.walk(root)) {
      return files.filter(p -> p.toString().endsWith(".java")).sorted().toList();
    }
  }

  private static String join(List<Path> paths) {
    return paths.stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator));
  }

  private static String errors(DiagnosticCollector<JavaFileObject> diagnostics) {
    return diagnostics.getDiagnostics().stream()
        .filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
        .limit(5)
        .map(d -> d.getMessage(Locale.ROOT))
        .collect(Collectors.joining("; "));
  }
}
