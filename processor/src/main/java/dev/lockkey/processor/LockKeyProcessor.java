package dev.lockkey.processor;

import com.google.auto.service.AutoService;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.FilerException;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.annotation.processing.SupportedAnnotationTypes;
import javax.annotation.processing.SupportedOptions;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.ElementFilter;
import javax.tools.Diagnostic;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/**
 * Generates {@code XxxKey} for every {@code @LockKeySpec} interface {@code Xxx}, and rejects bad
 * specs at compile time.
 *
 * <p>Per spec: {@link SpecReader} turns the element into a {@link SpecModel} or reports every
 * problem it finds, each at its narrowest location (an attribute value, an annotation, a method,
 * the interface); {@link KeyClassWriter} turns a model into a source file. A spec with an error
 * generates nothing, which keeps javac from cascading "cannot find symbol" errors; a failure of
 * the processor itself is reported as {@code [LockKeyInternal]} on that spec only, without a
 * stack trace, and other specs are still generated. Warnings are silenced by
 * {@code @SuppressWarnings("lockkey")} on the method, the spec or a type enclosing it.
 *
 * <h2>Diagnostics</h2>
 *
 * <p>Every message starts with its id; {@link Message} holds the exact texts.
 *
 * <ul>
 *   <li>{@code [LockKeyNotInterface]} the annotated type is a class, enum, record or annotation.
 *   <li>{@code [LockKeyGeneric]} the spec has type parameters.
 *   <li>{@code [LockKeyAccess]} the spec is private or nested in a private type.
 *   <li>{@code [LockKeyNoFields]} the spec has no identity field and is not {@code @OneResource}.
 *   <li>{@code [LockKeyOneResource]} a {@code @OneResource} spec declares identity fields.
 *   <li>{@code [LockKeyInherited]} an abstract method is inherited from a super-interface.
 *   <li>{@code [LockKeyNameTaken]} a type named like the generated class exists.
 *   <li>{@code [LockKeyDuplicate]} two specs of the compilation share domain, action and version.
 *   <li>{@code [LockKeyUnresolved]} a type the spec's fields or attributes need is still unknown
 *       after the last round.
 *   <li>{@code [LockKeyWord]} domain or action is not a word (1-64 of a-z 0-9 - _, starting a-z 0-9).
 *   <li>{@code [LockKeyVersion]} version is below 1.
 *   <li>{@code [LockKeyTemplate]} the template has an empty segment, unbalanced braces, a
 *       placeholder glued to text, a literal that is not a word, an unknown or repeated
 *       placeholder, or leaves out a field.
 *   <li>{@code [LockKeyAccessor]} an identity method has parameters or type parameters, or returns void.
 *   <li>{@code [LockKeyReservedName]} a field is named canonical, spec, builder, toString or hashCode.
 *   <li>{@code [LockKeyFieldType]} the type has no canonical text: float, double, char, Object,
 *       Map, arrays other than byte[], raw or wildcard types, containers of non-scalars, private enums.
 *   <li>{@code [LockKeyBytes]} byte[] without @Hashed or @Secret.
 *   <li>{@code [LockKeyWindow]} Instant without @Window; @Window size below 1, unit outside
 *       MILLIS..DAYS, shorter than a second, or too long to align in milliseconds.
 *   <li>{@code [LockKeyModifier]} a modifier on a type it does not fit.
 *   <li>{@code [LockKeyHashedSecret]} @Hashed and @Secret on one field.
 *   <li>{@code [LockKeyMaxLength]} @MaxLength below 1.
 *   <li>{@code [LockKeyUnordered]} a Set or Collection without @Unordered.
 *   <li>{@code [LockKeyLayoutChanged]} the layout or key format edition differs from the baseline's,
 *       with the same version.
 *   <li>{@code [LockKeyVersionLowered]} the version is below the baseline's.
 *   <li>{@code [LockKeyBaseline]} the baseline named by {@code -Alockkey.baseline} cannot be read.
 *   <li>{@code [LockKeyWrite]} the source file or manifest could not be written.
 *   <li>{@code [LockKeyInternal]} the processor failed on a spec (a bug).
 *   <li>Warnings: {@code [LockKeyNoise]} a field named like per-request data, judged by the
 *       words of its name ({@link NoiseNames}; windowed instants are exempt),
 *       {@code [LockKeyTemplateVersion]} a template without {@code {version}}.
 *   <li>Notes: {@code [LockKeyVersionBumped]} the version grew past the baseline's, with the
 *       rollout steps; {@code [LockKeyNotInBaseline]} a spec the baseline does not hold yet.
 * </ul>
 *
 * <h2>Decisions</h2>
 *
 * <ul>
 *   <li>Identity fields are the abstract methods declared in the spec, in declaration order;
 *       default, static and private methods are not fields; an abstract method inherited from a
 *       super-interface must be redeclared (or implemented) in the spec.
 *   <li>{@code XxxKey} is a top-level class in the spec's package, also for a nested spec.
 *       Local specs are never seen: javac does not show local types to processors.
 *   <li>{@code @Verbatim} with {@code @CaseInsensitive} is allowed: one keeps surrounding white
 *       space, the other folds case; {@code @CaseInsensitive} with {@code @Hashed} or
 *       {@code @Secret} digests the case-folded text.
 *   <li>Accessors return canonical values: a {@code @Hashed}/{@code @Secret} String its 32-hex
 *       digest, a digested {@code byte[]} a fresh copy of the digest's 16 bytes, a collection an
 *       immutable copy of the elements as given. The key keeps nothing else.
 *   <li>The builder's setter of an {@code Optional<T>} field takes a {@code T}; {@code null}
 *       leaves it absent.
 *   <li>{@code XxxKey.from(Xxx source)} copies the values of any implementation of the spec (a
 *       record, say) through {@code of(...)}; a key of the spec is returned as it is, since its
 *       accessors return digests and canonical values.
 *   <li>An interface declared in Kotlin (it carries {@code @kotlin.Metadata}, known by name)
 *       reaches the processor through kapt with getters: {@code getTenant()} and
 *       {@code isActive()} name the fields {@code tenant} and {@code active} ({@link PropertyNames}).
 *   <li>Only the types the key class depends on are awaited from later rounds: the attributes,
 *       the super-interfaces and the fields' types. Static and default methods of a spec may
 *       return its key class.
 * </ul>
 *
 * <h2>Layout manifest and guard</h2>
 *
 * <p>Each valid spec also gets a layout manifest, {@code META-INF/lockkey/specs/<spec>.properties}
 * in the class output ({@link ManifestWriter}): the runtime decodes keys with it. With
 * {@code -Alockkey.baseline=<directory>} (committed copies of those manifests), {@link LayoutGuard}
 * compares every spec with its baseline, found by qualified name, else (a renamed interface) by
 * domain, action and version. A spec with a guard error generates nothing.
 *
 * <h2>Build tools</h2>
 *
 * <p>Gradle: an isolating processor; each generated file has exactly one originating element, its
 * spec, and depends only on that spec's source. The {@code [LockKeyDuplicate]} check therefore
 * sees only the specs compiled together: best effort. Each manifest, too, has its spec as only
 * originating element. The baseline is read from outside the sources: declare it as an input of
 * the compile task, so that a changed baseline recompiles. The processor never loads runtime
 * classes; it names them as strings.
 */
@AutoService(Processor.class)
// Every annotation of ours, and the @Generated on our key classes: the round that compiles them
// carries it, and javac with -Xlint:processing warns of any annotation that no processor claims.
@SupportedAnnotationTypes({
    Names.LOCK_KEY_SPEC, Names.HASHED, Names.SECRET, Names.UNORDERED, Names.WINDOW, Names.CASE_INSENSITIVE,
    Names.VERBATIM, Names.MAX_LENGTH, Names.FINGERPRINTED, Names.NOT_IN_FINGERPRINT, Names.ONE_RESOURCE,
    Names.GENERATED})
@SupportedOptions(Baseline.OPTION)
public final class LockKeyProcessor extends AbstractProcessor {
  private final KeySpaces keySpaces = new KeySpaces();
  /** Specs waiting for a type that a later round may generate, by qualified name. */
  private final Set<String> deferred = new LinkedHashSet<>();
  private SpecReader reader;
  private KeyClassWriter writer;
  private RecordReader recordReader;
  private FingerprintWriter fingerprintWriter;
  /** The fingerprint classes written in this compilation, by qualified name: each record gets one. */
  private final Set<String> fingerprints = new HashSet<>();
  /** The top-level types compiled from source in this compilation, by qualified name. */
  private final Set<String> sources = new HashSet<>();
  /** Empty without {@code -Alockkey.baseline}, or when the baseline could not be read (an error then). */
  private Optional<LayoutGuard> guard;

  /** Called by javac (found through {@code META-INF/services}). */
  public LockKeyProcessor() {}

  @Override
  public synchronized void init(ProcessingEnvironment processingEnv) {
    super.init(processingEnv);
    reader = new SpecReader(processingEnv.getElementUtils(), processingEnv.getTypeUtils(), keySpaces);
    boolean generated = processingEnv.getElementUtils().getTypeElement(Names.GENERATED) != null;
    writer = new KeyClassWriter(generated);
    recordReader = new RecordReader(processingEnv.getElementUtils(), processingEnv.getTypeUtils());
    fingerprintWriter = new FingerprintWriter(generated);
    guard = processingEnv.getOptions().containsKey(Baseline.OPTION) // -Alockkey.baseline= gives null
        ? loadGuard(Objects.requireNonNullElse(processingEnv.getOptions().get(Baseline.OPTION), ""))
        : Optional.empty();
  }

  /** The guard of the baseline at {@code location}, or empty after reporting why it cannot be read. */
  private Optional<LayoutGuard> loadGuard(String location) {
    try {
      return Optional.of(new LayoutGuard(Baseline.load(Path.of(location))));
    } catch (IllegalArgumentException e) { // also InvalidPathException
      processingEnv.getMessager().printMessage(
          Diagnostic.Kind.ERROR, Message.BASELINE_UNREADABLE.format(location, e.getMessage()));
      return Optional.empty();
    }
  }

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  /**
   * Processes the specs of this round and those deferred from earlier rounds. A spec whose model
   * needs a type javac cannot resolve yet waits for the next round, by name (javac gives new
   * elements each round), as AutoValue does: another processor may generate that type. In the
   * last round whatever is still unresolved is reported on the spec, and nothing is generated.
   *
   * @return {@code true}, claiming the supported annotations: an unclaimed one fails builds with
   *     {@code -Xlint:all -Werror}
   */
  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    ElementFilter.typesIn(round.getRootElements()).forEach(type -> sources.add(type.getQualifiedName().toString()));
    List<TypeElement> specs = new ArrayList<>();
    for (String name : deferred) {
      specs.add(processingEnv.getElementUtils().getTypeElement(name));
    }
    deferred.clear();
    for (TypeElement annotation : annotations) {
      if (annotation.getQualifiedName().contentEquals(Names.LOCK_KEY_SPEC)) {
        specs.addAll(ElementFilter.typesIn(round.getElementsAnnotatedWith(annotation)));
      }
      if (annotation.getQualifiedName().contentEquals(Names.FINGERPRINTED)) {
        ElementFilter.typesIn(round.getElementsAnnotatedWith(annotation)).forEach(this::processFingerprinted);
      }
    }
    for (TypeElement spec : specs) {
      if (spec == null) {
        continue; // a deferred spec javac no longer knows; nothing to generate
      }
      List<String> unresolved = reader.unresolved(spec);
      if (unresolved.isEmpty()) {
        process(spec);
      } else if (round.processingOver()) {
        new Reporter(processingEnv.getMessager()).report(spec, Message.UNRESOLVED,
            GeneratedNames.keyClassName(spec.getSimpleName()), spec.getQualifiedName(), String.join(", ", unresolved));
      } else {
        deferred.add(spec.getQualifiedName().toString());
      }
    }
    return true;
  }

  /** Reads, checks and generates one spec; whatever goes wrong stays with this spec. */
  private void process(TypeElement spec) {
    Reporter reporter = new Reporter(processingEnv.getMessager());
    try {
      reader.read(spec, reporter).ifPresent(model -> {
        LayoutManifest manifest = ManifestWriter.manifest(model);
        guard.flatMap(layoutGuard -> layoutGuard.check(manifest)).ifPresent(problem -> reporter.report(spec, problem));
        if (!reporter.hadError()) {
          write(model, spec, reporter);
          writeManifest(manifest, spec, reporter);
          model.records().forEach(record -> writeFingerprint(record, spec, reporter));
        }
      });
    } catch (RuntimeException e) {
      reporter.report(spec, Message.INTERNAL, spec.getQualifiedName(), e);
    }
  }

  private void write(SpecModel model, Element spec, Reporter reporter) {
    try {
      GeneratedSources.write(processingEnv.getFiler(), model.qualifiedKeyName(), spec, writer.write(model));
    } catch (FilerException e) {
      reporter.report(spec, Message.NAME_TAKEN, model.qualifiedName(), model.qualifiedKeyName());
    } catch (IOException e) {
      reporter.report(spec, Message.WRITE_FAILED, model.qualifiedKeyName(), e.getMessage());
    }
  }

  /** Reads a {@code @Fingerprinted} record and writes its fingerprint classes, or reports why not. */
  private void processFingerprinted(TypeElement record) {
    Reporter reporter = new Reporter(processingEnv.getMessager());
    try {
      if (record.getKind() != ElementKind.RECORD) {
        reporter.report(record, Problem.onAnnotation(Names.FINGERPRINTED, Message.FINGERPRINTED_NOT_RECORD,
            record.getSimpleName(), record.getKind().name().toLowerCase(Locale.ROOT)));
        return;
      }
      List<Problem> problems = new ArrayList<>();
      Optional<List<RecordModel>> models = recordReader.read(record, problems);
      problems.forEach(problem -> reporter.report(record, problem));
      if (!reporter.hadError()) {
        models.ifPresent(found -> found.forEach(model -> writeFingerprint(model, record, reporter)));
      }
    } catch (RuntimeException e) {
      reporter.report(record, Message.INTERNAL, record.getQualifiedName(), e);
    }
  }

  /**
   * Writes a record's fingerprint class once per compilation. A record compiled elsewhere (a
   * library) whose fingerprint class is on the class path keeps that class; a record compiled here
   * always gets a new one, so that a changed record never keeps an old build's fingerprint.
   */
  private void writeFingerprint(RecordModel model, Element origin, Reporter reporter) {
    String name = model.qualifiedFingerprintName();
    String outermost = model.record().packageName().isEmpty()
        ? model.record().simpleNames().get(0)
        : model.record().packageName() + "." + model.record().simpleNames().get(0);
    boolean library = !sources.contains(outermost) && processingEnv.getElementUtils().getTypeElement(name) != null;
    if (library || !fingerprints.add(name)) {
      return;
    }
    try {
      GeneratedSources.write(processingEnv.getFiler(), name, origin, fingerprintWriter.write(model));
    } catch (IOException e) { // FilerException included: another processor wrote that name
      reporter.report(origin, Message.WRITE_FAILED, name, e.getMessage());
    }
  }

  /** The manifest goes into the class output, so that it ships in the jar next to the key class. */
  private void writeManifest(LayoutManifest manifest, Element spec, Reporter reporter) {
    String name = ManifestWriter.resourceName(manifest.spec());
    try {
      FileObject resource = processingEnv.getFiler().createResource(StandardLocation.CLASS_OUTPUT, "", name, spec);
      try (OutputStream out = resource.openOutputStream()) { // UTF-8, whatever javac's -encoding
        out.write(ManifestWriter.text(manifest).getBytes(StandardCharsets.UTF_8));
      }
    } catch (IOException e) {
      reporter.report(spec, Message.WRITE_FAILED, name, e.getMessage());
    }
  }
}
