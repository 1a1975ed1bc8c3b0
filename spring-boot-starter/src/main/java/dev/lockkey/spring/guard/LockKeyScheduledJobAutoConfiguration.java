package dev.lockkey.spring.guard;

import dev.lockkey.guard.GuardInvoker;
import dev.lockkey.guard.ScheduledJob;
import org.aopalliance.intercept.MethodInterceptor;
import org.springframework.aop.Advisor;
import org.springframework.aop.support.DefaultPointcutAdvisor;
import org.springframework.aop.support.annotation.AnnotationMatchingPointcut;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Role;

/**
 * Runs bean methods annotated {@link ScheduledJob @ScheduledJob} (usually {@code @Scheduled} ones)
 * on one instance at a time: an infrastructure advisor whose interceptor calls the
 * {@link GuardInvoker} bean of {@link LockKeyGuardAutoConfiguration}, which takes the job's lock
 * without waiting and returns without running the method where another instance holds it.
 * Scheduling itself stays Spring's ({@code @EnableScheduling}); this only guards the method.
 */
@AutoConfiguration(after = LockKeyGuardAutoConfiguration.class)
@ConditionalOnClass({MethodInterceptor.class, ScheduledJob.class})
public class LockKeyScheduledJobAutoConfiguration {

  /**
   * The advisor of scheduled jobs. Static and infrastructure, as the guards' advisor: it finds the
   * invoker at the first run.
   *
   * @param invoker the {@link GuardInvoker} bean, looked up at the first run
   * @return the advisor matching every method annotated {@code @ScheduledJob}
   */
  @Bean
  @Role(BeanDefinition.ROLE_INFRASTRUCTURE)
  public static Advisor lockKeyScheduledJobAdvisor(ObjectProvider<GuardInvoker> invoker) {
    return new DefaultPointcutAdvisor(AnnotationMatchingPointcut.forMethodAnnotation(ScheduledJob.class),
        new GuardInterceptor(invoker::getObject));
  }
}
