package dev.lockkey.processor;

import com.google.auto.service.AutoService;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.annotation.processing.SupportedAnnotationTypes;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.util.ElementFilter;

/**
 * Checks methods annotated {@code @Locked}, {@code @SingleFlighted}, {@code @RateLimited},
 * {@code @Idempotent} or {@code @ScheduledJob} at
 * compile time and generates, for each class {@code Xxx} that has them, {@code XxxGuards}: one
 * static key factory per method and the {@code GUARDS} table an interceptor runs them with.
 *
 * <p>Per class: {@link MethodReader} turns the annotated methods into a {@link GuardedClassModel}
 * or reports every problem at its narrowest location (a parameter, an attribute value, the
 * method), with the rules in {@link MethodValidator}; {@link MethodFactoryWriter} turns the model
 * into a source file. A class with an error generates nothing; a failure of the processor itself
 * is reported as {@code [LockKeyInternal]} on that class only. It works from each spec's
 * {@code TypeElement}, so a spec may be compiled now or come from a jar; it shares no state with
 * {@link LockKeyProcessor}.
 *
 * <h2>Diagnostics</h2>
 *
 * <p>{@link GuardMessage} holds the exact texts.
 *
 * <ul>
 *   <li>{@code [LockKeyGuardSpec]} the annotation names a type that is not a {@code @LockKeySpec} interface.
 *   <li>{@code [LockKeyGuardMissing]} an identity field has no parameter.
 *   <li>{@code [LockKeyGuardAmbiguous]} an identity field has two candidate parameters.
 *   <li>{@code [LockKeyGuardType]} a parameter's type cannot be passed as its field, or depends on a type variable.
 *   <li>{@code [LockKeyGuardKeyField]} {@code @KeyField} names no identity field, or its method has no guard.
 *   <li>{@code [LockKeyGuardMethod]} the method is private or static, mentions a private type, or has two guards.
 *   <li>{@code [LockKeyGuardLease]} a {@code Lease} parameter on a rate-limited or idempotent method, a
 *       {@code FencingToken} parameter on a method that is not idempotent, or two of either.
 *   <li>{@code [LockKeyGuardPayload]} an {@code @Idempotent} method has no parameter whose type is a
 *       {@code @Fingerprinted} record, has two, or takes a record that is not {@code @Fingerprinted}.
 *   <li>{@code [LockKeyGuardResult]} a {@code @SingleFlighted} method returns neither {@code String} nor
 *       {@code byte[]} and names no codec; an {@code @Idempotent} method returns a generic type and
 *       names no codec; the codec is no {@code ResultCodec} of the return type, or generated code
 *       cannot create it; a {@code @ScheduledJob} method returns a value.
 *   <li>{@code [LockKeyGuardDuration]} a duration attribute is no duration, or out of range.
 *   <li>{@code [LockKeyGuardOption]} renewal of a lease under 30 ms, {@code holdAtLeast} longer than
 *       {@code holdAtMost}, a limit or burst out of range, no
 *       window for a spec without {@code @Window}, a purpose that is not a word, a wait time with
 *       {@code inProgress = FAIL}, a final failure the method cannot throw.
 * </ul>
 *
 * <h2>Build tools</h2>
 *
 * <p>Gradle: an isolating processor; each generated file has exactly one originating element, the
 * annotated class, and reads only that class and the specs and types its methods name.
 */
@AutoService(Processor.class)
@SupportedAnnotationTypes({
    GuardNames.LOCKED, GuardNames.SINGLE_FLIGHTED, GuardNames.RATE_LIMITED, GuardNames.IDEMPOTENT,
    GuardNames.SCHEDULED_JOB, GuardNames.PERMITTED, GuardNames.READ_LOCKED, GuardNames.WRITE_LOCKED,
    GuardNames.KEY_FIELD})
public final class GuardedMethodProcessor extends AbstractProcessor {
  /** Classes waiting for a type that a later round may generate (e.g. a key class), by qualified name. */
  private final Set<String> deferred = new LinkedHashSet<>();
  private MethodReader reader;
  private MethodFactoryWriter writer;

  /** Called by javac (found through {@code META-INF/services}). */
  public GuardedMethodProcessor() {}

  @Override
  public synchronized void init(ProcessingEnvironment processingEnv) {
    super.init(processingEnv);
    reader = new MethodReader(processingEnv.getElementUtils(), processingEnv.getTypeUtils());
    writer = new MethodFactoryWriter(processingEnv.getElementUtils().getTypeElement(Names.GENERATED) != null);
  }

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  /**
   * Processes the classes with guarded methods of this round, and those deferred from earlier
   * rounds because a type they mention was not generated yet.
   *
   * @return {@code true}, claiming the guard annotations
   */
  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    Set<TypeElement> classes = new LinkedHashSet<>();
    for (String name : deferred) {
      TypeElement type = processingEnv.getElementUtils().getTypeElement(name);
      if (type != null) {
        classes.add(type);
      }
    }
    deferred.clear();
    for (TypeElement annotation : annotations) {
      if (annotation.getQualifiedName().contentEquals(GuardNames.KEY_FIELD)) {
        checkKeyFields(round.getElementsAnnotatedWith(annotation));
        continue;
      }
      for (ExecutableElement method : ElementFilter.methodsIn(round.getElementsAnnotatedWith(annotation))) {
        if (method.getEnclosingElement() instanceof TypeElement type) {
          classes.add(type);
        }
      }
    }
    for (TypeElement type : classes) {
      List<ExecutableElement> methods = guardedMethods(type);
      if (!reader.awaitsTypes(methods)) {
        process(type, methods);
      } else if (!round.processingOver()) {
        deferred.add(type.getQualifiedName().toString());
      } // else javac reports the unknown type itself
    }
    return true;
  }

  /** Reads, checks and generates one class's guards; whatever goes wrong stays with this class. */
  private void process(TypeElement type, List<ExecutableElement> methods) {
    Reporter reporter = new Reporter(processingEnv.getMessager());
    try {
      reader.read(type, methods, reporter).ifPresent(model -> write(model, type, reporter));
    } catch (RuntimeException e) {
      reporter.report(type, GuardMessage.INTERNAL, type.getQualifiedName(), e);
    }
  }

  private void write(GuardedClassModel model, Element type, Reporter reporter) {
    try {
      GeneratedSources.write(processingEnv.getFiler(), model.qualifiedGeneratedName(), type, writer.write(model));
    } catch (IOException e) { // also FilerException: a type of that name exists already
      reporter.report(type, GuardMessage.WRITE_FAILED, model.qualifiedGeneratedName(), e.getMessage());
    }
  }

  /** The methods of {@code type} with a guard annotation, in declaration order. */
  private static List<ExecutableElement> guardedMethods(TypeElement type) {
    List<ExecutableElement> methods = new ArrayList<>();
    for (ExecutableElement method : ElementFilter.methodsIn(type.getEnclosedElements())) {
      if (guarded(method)) {
        methods.add(method);
      }
    }
    return methods;
  }

  private static boolean guarded(ExecutableElement method) {
    for (GuardKind kind : GuardKind.values()) {
      if (Annotations.has(method, kind.annotation())) {
        return true;
      }
    }
    return false;
  }

  /** {@code @KeyField} on a parameter of a method without a guard would silently do nothing. */
  private void checkKeyFields(Set<? extends Element> parameters) {
    for (Element element : parameters) {
      if (element instanceof VariableElement parameter
          && parameter.getEnclosingElement() instanceof ExecutableElement method
          && !guarded(method)) {
        new Reporter(processingEnv.getMessager()).report(parameter, Problem.onValue(GuardNames.KEY_FIELD, "value",
            GuardMessage.KEY_FIELD_WITHOUT_GUARD, parameter.getSimpleName(), method.getSimpleName()));
      }
    }
  }
}
