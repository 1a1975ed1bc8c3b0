package dev.lockkey.processor;

import com.palantir.javapoet.JavaFile;
import java.io.IOException;
import java.io.Writer;
import javax.annotation.processing.Filer;
import javax.lang.model.element.Element;
import javax.tools.JavaFileObject;

/** Writes the source files both processors generate. */
final class GeneratedSources {
  private GeneratedSources() {}

  /**
   * Writes {@code file} as the source of {@code name}.
   *
   * @param origin the one originating element: Gradle's isolating mode recompiles the file when it changes
   * @throws javax.annotation.processing.FilerException when a type of that name exists already
   * @throws IOException when the file cannot be written
   */
  static void write(Filer filer, String name, Element origin, JavaFile file) throws IOException {
    JavaFileObject source = filer.createSourceFile(name, origin);
    try (Writer out = source.openWriter()) {
      out.write(file.toString()); // one write: JavaPoet's many small appends each cost the encoder a call
    }
  }
}
