package dev.lockkey.benchmarks.processor;

import dev.lockkey.LockKey;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * What the annotation processor adds to a build: javac over a set of specs with lockkey-processor
 * on the processor path, against javac over the same specs plus the key classes the processor
 * generated for them, written out as plain sources and compiled without any processor. Both
 * produce the same class files; the difference is the processor's own work. One compilation of
 * each side happens while preparing, so the timed ones find javac warm.
 */
public final class ProcessorCost implements AutoCloseable {
  private static final String PROCESSOR_CLASS = "dev.lockkey.processor.LockKeyProcessor";
  private static final String JAVAPOET_CLASS = "com.palantir.javapoet.JavaFile";

  private final Javac javac = new Javac();
  private final Path workDir;
  private final List<Path> specs;
  private final List<Path> plainSources;
  private final List<Path> classPath;
  private final List<Path> processorPath;
  private int compilations;

  private ProcessorCost(Path workDir, List<Path> specs, List<Path> classPath, List<Path> processorPath)
      throws IOException {
    this.workDir = workDir;
    this.specs = specs;
    this.classPath = classPath;
    this.processorPath = processorPath;
    Path generated = workDir.resolve("generated");
    javac.compile(specs, classPath, processorPath, next("classes"), generated);
    List<Path> plain = new ArrayList<>(specs);
    plain.addAll(Javac.javaFiles(generated));
    this.plainSources = List.copyOf(plain);
    javac.compile(plainSources, classPath, List.of(), next("classes"), next("generated"));
  }

  /** Writes {@code specCount} specs, generates their key classes once, and warms javac up. */
  public static ProcessorCost prepare(int specCount) throws IOException {
    Path workDir = Files.createTempDirectory("lockkey-processor-cost-");
    try {
      List<Path> specs = SpecSources.write(workDir.resolve("specs"), specCount);
      return new ProcessorCost(
          workDir,
          specs,
          List.of(location(LockKey.class)),
          List.of(location(load(PROCESSOR_CLASS)), location(load(JAVAPOET_CLASS))));
    } catch (IOException | RuntimeException e) {
      delete(workDir);
      throw e;
    }
  }

  /** How many key classes the processor generated (one per spec when all is well). */
  public int generatedSources() {
    return plainSources.size() - specs.size();
  }

  /** One timed compilation of the specs with the processor. */
  public CompileTime withProcessor() throws IOException {
    return javac.compile(specs, classPath, processorPath, next("classes"), next("generated"));
  }

  /** One timed compilation of the specs and the generated key classes as plain sources. */
  public CompileTime plainSources() throws IOException {
    return javac.compile(plainSources, classPath, List.of(), next("classes"), next("generated"));
  }

  /** Deletes every file this measurement wrote. */
  @Override
  public void close() {
    delete(workDir);
  }

  // A fresh output folder per compilation, so no run finds the class files of another.
  private Path next(String kind) {
    return workDir.resolve(kind + "-" + compilations++);
  }

  private static Class<?> load(String className) {
    try {
      return Class.forName(className, false, ProcessorCost.class.getClassLoader());
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException(className + " is not on the class path", e);
    }
  }

  private static Path location(Class<?> type) {
    try {
      return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException("cannot locate the jar of " + type.getName(), e);
    }
  }

  private static void delete(Path root) {
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete " + root, e);
    }
  }
}
