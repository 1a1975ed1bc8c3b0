package dev.lockkey.observe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.lockkey.SpecDescriptor;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading the manifests that lockkey-processor writes from directories, jars and class loaders. */
class SpecManifestsTest {
  @TempDir
  Path directory;

  @Test
  void readsEveryModifierOfADirectoryOfManifests() throws IOException {
    write(directory.resolve("com.acme.Reservation.properties"), SampleManifests.RESERVATION);
    write(directory.resolve("nested/com.acme.Document.properties"), SampleManifests.DOCUMENT);
    write(directory.resolve("README.md"), "not a manifest");

    List<SpecDescriptor> specs = SpecManifests.fromPath(directory);

    assertThat(specs).hasSize(2).contains(SampleManifests.RESERVATION_SPEC);
    assertThat(specs.get(0).name()).isEqualTo("com.acme.Reservation");
    assertThat(specs.get(1).field("content").hashed()).isTrue();
  }

  @Test
  void findsManifestsInJarsAndDirectoriesOfAClassLoaderOnce() throws IOException {
    Path classes = directory.resolve("classes");
    write(classes.resolve(SpecManifests.DIRECTORY + "/com.acme.Reservation.properties"), SampleManifests.RESERVATION);
    Path jar = jar(directory.resolve("app.jar"), "com.acme.Document.properties", SampleManifests.DOCUMENT);
    Path sameAgain = jar(directory.resolve("shaded.jar"), "com.acme.Document.properties", SampleManifests.DOCUMENT);

    try (URLClassLoader loader = new URLClassLoader(new URL[] {
        classes.toUri().toURL(), jar.toUri().toURL(), sameAgain.toUri().toURL()}, null)) {
      List<SpecDescriptor> specs = SpecManifests.fromClassLoader(loader);

      assertThat(specs).extracting(SpecDescriptor::name).containsExactly("com.acme.Reservation", "com.acme.Document");
    }
  }

  @Test
  void aOneResourceSpecHasAnEmptyFieldsEntryAndItsKeyDecodes() throws IOException {
    write(directory.resolve("com.acme.Nightly.properties"), """
        manifest=1
        formatEdition=1
        spec=com.acme.Nightly
        domain=report
        action=nightly
        version=1
        layout=report:nightly:v1
        fields=
        """);

    List<SpecDescriptor> specs = SpecManifests.fromPath(directory);

    assertThat(specs).singleElement().satisfies(spec -> assertThat(spec.fields()).isEmpty());
    assertThat(KeyDecoder.of(specs).decode("lock:prod:{report:nightly:v1}").isDecoded()).isTrue();
  }

  @Test
  void aClassLoaderWithoutManifestsKnowsNoSpec() throws IOException {
    try (URLClassLoader loader = new URLClassLoader(new URL[] {directory.toUri().toURL()}, null)) {
      assertThat(KeyDecoder.fromClassLoader(loader).specs()).isEmpty();
    }
  }

  @Test
  void readsTheFormatEditionAndZeroForAManifestFromBeforeEditions() throws IOException {
    write(directory.resolve("com.acme.Reservation.properties"), SampleManifests.RESERVATION);
    write(directory.resolve("com.acme.Document.properties"), SampleManifests.DOCUMENT.replace("formatEdition=1\n", ""));

    List<SpecDescriptor> specs = SpecManifests.fromPath(directory);

    assertThat(specs).extracting(SpecDescriptor::name, SpecDescriptor::formatEdition)
        .containsExactly(tuple("com.acme.Document", 0), tuple("com.acme.Reservation", 1));
  }

  @Test
  void rejectsAFileThatIsNoManifest() throws IOException {
    Path stray = write(directory.resolve("owners.properties"), "team=payments\n");

    assertThatThrownBy(() -> SpecManifests.fromPath(directory))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(stray + " is no lockkey manifest of format 1");
  }

  @Test
  void rejectsAManifestWithAnUnknownModifier() throws IOException {
    Path manifest = write(directory.resolve("com.acme.Document.properties"),
        SampleManifests.DOCUMENT.replace("@Hashed", "@Encrypted"));

    assertThatThrownBy(() -> SpecManifests.fromPath(directory))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(manifest + " is no valid lockkey manifest: field content has the unknown modifier @Encrypted");
  }

  private static Path write(Path file, String text) throws IOException {
    Files.createDirectories(file.getParent());
    return Files.writeString(file, text, StandardCharsets.UTF_8);
  }

  /** A jar as Maven packages one: with directory entries. */
  private static Path jar(Path jar, String manifestName, String manifest) throws IOException {
    try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file)) {
      String path = "";
      for (String directory : SpecManifests.DIRECTORY.split("/")) {
        path += directory + "/";
        out.putNextEntry(new JarEntry(path));
        out.closeEntry();
      }
      out.putNextEntry(new JarEntry(path + manifestName));
      out.write(manifest.getBytes(StandardCharsets.UTF_8));
      out.closeEntry();
    }
    return jar;
  }
}
