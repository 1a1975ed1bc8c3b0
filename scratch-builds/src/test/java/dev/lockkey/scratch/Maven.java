package dev.lockkey.scratch;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** The {@code mvn} on the {@code PATH}, run on scratch projects with a {@link TemporaryRepository}. */
final class Maven {
  /** A hang guard, not a performance bound: a scratch build takes seconds. */
  private static final long TIMEOUT_MINUTES = 5;

  private final Path executable;

  private Maven(Path executable) {
    this.executable = executable;
  }

  /** {@code mvn} from the {@code PATH}, or empty when there is none. */
  static Optional<Maven> onPath() {
    String path = System.getenv().getOrDefault("PATH", "");
    for (String directory : path.split(File.pathSeparator)) {
      if (directory.isEmpty()) {
        continue;
      }
      Path candidate = Path.of(directory, "mvn");
      if (Files.isExecutable(candidate)) {
        return Optional.of(new Maven(candidate));
      }
    }
    return Optional.empty();
  }

  /**
   * Runs {@code mvn -B -q} with {@code arguments} in {@code project}, resolving from
   * {@code repository} only.
   */
  RunResult run(Path project, TemporaryRepository repository, String... arguments)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(
        executable.toString(), "-B", "-q",
        "-s", repository.settings().toString(),
        "-Dmaven.repo.local=" + repository.root()));
    command.addAll(List.of(arguments));
    return Processes.run(project, command, TIMEOUT_MINUTES, TimeUnit.MINUTES);
  }
}
