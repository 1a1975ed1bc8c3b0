package dev.lockkey.spring.guard;

import dev.lockkey.KeySecret;
import dev.lockkey.codec.ResultCodec;
import dev.lockkey.flight.SingleFlight;
import dev.lockkey.guard.GuardInvoker;
import dev.lockkey.guard.Idempotent;
import dev.lockkey.guard.Locked;
import dev.lockkey.guard.Permitted;
import dev.lockkey.guard.RateLimited;
import dev.lockkey.guard.ReadLocked;
import dev.lockkey.guard.SingleFlighted;
import dev.lockkey.guard.WriteLocked;
import dev.lockkey.idempotency.IdempotentCalls;
import dev.lockkey.lock.LockExecutor;
import dev.lockkey.permit.Permits;
import dev.lockkey.ratelimit.RateLimiter;
import dev.lockkey.rwlock.ReadWriteLocks;
import dev.lockkey.spring.autoconfigure.LockKeyAutoConfiguration;
import org.aopalliance.intercept.MethodInterceptor;
import org.springframework.aop.Advisor;
import org.springframework.aop.support.ComposablePointcut;
import org.springframework.aop.support.DefaultPointcutAdvisor;
import org.springframework.aop.support.annotation.AnnotationMatchingPointcut;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Role;
import org.springframework.core.ResolvableType;

/**
 * Guards bean methods annotated {@link Locked @Locked}, {@link SingleFlighted @SingleFlighted},
 * {@link RateLimited @RateLimited}, {@link Idempotent @Idempotent}, {@link Permitted @Permitted},
 * {@link ReadLocked @ReadLocked} or {@link WriteLocked @WriteLocked}: a {@link GuardInvoker} on
 * the lock executor, single flights, rate limiter, idempotent calls, permits, read/write locks, the application's
 * {@code ResultCodec<R>} beans and Jackson mapper and (when configured) secret, and an infrastructure advisor that
 * Spring Boot's auto-proxying applies to every bean with such a method. The keys are built by the
 * classes lockkey-processor generated; nothing is parsed at run time. A guarded method whose part
 * the application lacks (a {@code @Permitted} method on the JDBC or DynamoDB backend, which have no
 * {@link Permits}) fails at its first call with an {@link IllegalStateException} naming the
 * method; it never runs unguarded.
 */
@AutoConfiguration(after = LockKeyAutoConfiguration.class)
@ConditionalOnClass({MethodInterceptor.class, GuardInvoker.class})
public class LockKeyGuardAutoConfiguration {

  /**
   * The invoker of guarded calls, on the application's one lock executor (the starter's, or its own).
   * Only when there is a single {@link LockExecutor} candidate; yields to the application's own
   * {@link GuardInvoker} bean.
   *
   * @param executor the one lock executor bean, which takes the locks of {@code @Locked} methods
   * @param flights the {@link SingleFlight} bean, if any, for {@code @SingleFlighted} methods
   * @param limiter the {@link RateLimiter} bean, if any, for {@code @RateLimited} methods
   * @param calls the {@link IdempotentCalls} bean, if any, for {@code @Idempotent} methods
   * @param permits the {@link Permits} bean, if any, for {@code @Permitted} methods
   * @param readWriteLocks the {@link ReadWriteLocks} bean, if any, for {@code @ReadLocked} and
   *     {@code @WriteLocked} methods
   * @param secret the {@link KeySecret} bean, if any, for keys with {@code @Secret} fields
   * @param beans where an {@code @Idempotent} method without a codec of its own finds the one
   *     {@code ResultCodec<R>} bean of its result type {@code R}, else the application's Jackson
   *     mapper bean ({@code JsonMapper} of Jackson 3, else {@code ObjectMapper} of Jackson 2) to
   *     store {@code R} as JSON; without either, the runtime's default JSON codec, if Jackson is there
   * @return the invoker
   */
  @Bean
  @ConditionalOnMissingBean
  @ConditionalOnSingleCandidate(LockExecutor.class)
  public GuardInvoker lockKeyGuardInvoker(LockExecutor executor, ObjectProvider<SingleFlight> flights,
      ObjectProvider<RateLimiter> limiter, ObjectProvider<IdempotentCalls> calls, ObjectProvider<Permits> permits,
      ObjectProvider<ReadWriteLocks> readWriteLocks, ObjectProvider<KeySecret> secret, BeanFactory beans) {
    GuardInvoker.Builder invoker = GuardInvoker.builder(executor);
    flights.ifAvailable(invoker::singleFlight);
    limiter.ifAvailable(invoker::rateLimiter);
    calls.ifAvailable(invoker::idempotentCalls);
    permits.ifAvailable(invoker::permits);
    readWriteLocks.ifAvailable(invoker::readWriteLocks);
    secret.ifAvailable(invoker::secret);
    invoker.resultCodecs(type -> {
      // by the bean's declared generic type, as @Autowired ResultCodec<Receipt> would match it
      ResultCodec<?> codec = beans.<ResultCodec<?>>getBeanProvider(
          ResolvableType.forClassWithGenerics(ResultCodec.class, type)).getIfUnique();
      return codec != null ? codec : ApplicationMapperCodecs.find(beans, type);
    });
    return invoker.build();
  }

  /**
   * The advisor of guarded methods. Static and infrastructure: auto-proxying creates advisors
   * before other beans, so it finds the invoker only at the first guarded call. Always registered
   * (it does not yield to another advisor).
   *
   * @param invoker the {@link GuardInvoker} bean, looked up at the first guarded call
   * @return the advisor matching every method annotated {@code @Locked}, {@code @SingleFlighted},
   *     {@code @RateLimited}, {@code @Idempotent}, {@code @Permitted}, {@code @ReadLocked} or
   *     {@code @WriteLocked}
   */
  @Bean
  @Role(BeanDefinition.ROLE_INFRASTRUCTURE)
  public static Advisor lockKeyGuardAdvisor(ObjectProvider<GuardInvoker> invoker) {
    ComposablePointcut guarded = new ComposablePointcut(AnnotationMatchingPointcut.forMethodAnnotation(Locked.class))
        .union(AnnotationMatchingPointcut.forMethodAnnotation(SingleFlighted.class))
        .union(AnnotationMatchingPointcut.forMethodAnnotation(RateLimited.class))
        .union(AnnotationMatchingPointcut.forMethodAnnotation(Idempotent.class))
        .union(AnnotationMatchingPointcut.forMethodAnnotation(Permitted.class))
        .union(AnnotationMatchingPointcut.forMethodAnnotation(ReadLocked.class))
        .union(AnnotationMatchingPointcut.forMethodAnnotation(WriteLocked.class));
    return new DefaultPointcutAdvisor(guarded, new GuardInterceptor(invoker::getObject));
  }
}
