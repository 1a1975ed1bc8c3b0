package dev.lockkey.spring.leader;

import dev.lockkey.leader.Leadership;
import dev.lockkey.lock.LockExecutor;
import dev.lockkey.spring.autoconfigure.LockKeyAutoConfiguration;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;

/**
 * Leader election for every {@link Leadership} bean the application defines, on its one lock
 * executor (the starter's, on Redis, DynamoDB or PostgreSQL as {@code lockkey.backend} says, or the
 * application's own):
 *
 * <pre>{@code
 * @Bean
 * Leadership billingLeadership() {
 *   return Leadership.of(BillingLeaderKey.of()).leaseTime(Duration.ofSeconds(10));
 * }
 *
 * @EventListener
 * void granted(LeadershipGrantedEvent event) { billing.startLeading(event.term()); }
 *
 * @EventListener
 * void revoked(LeadershipRevokedEvent event) { billing.stopLeading(); }
 * }</pre>
 *
 * <p>As Spring Integration's {@code LockRegistryLeaderInitiator} publishes {@code OnGrantedEvent}
 * and {@code OnRevokedEvent}; here the term carries the lease's fencing token, and revocation comes
 * before the store lets another instance lead. The candidates start with the context and step down
 * when it closes ({@link LeaderCandidates}).
 */
@AutoConfiguration(after = LockKeyAutoConfiguration.class, afterName = {
    "dev.lockkey.spring.autoconfigure.LockKeyJdbcAutoConfiguration",
    "dev.lockkey.spring.autoconfigure.LockKeyDynamoDbAutoConfiguration"})
@ConditionalOnClass(Leadership.class)
public class LockKeyLeadershipAutoConfiguration {

  /**
   * The candidates of the {@link Leadership} beans; yields to the application's own.
   *
   * @param leaderships the application's {@link Leadership} beans, in their order
   * @param executor the one lock executor bean
   * @param events the context, which publishes the terms
   * @return the candidates, started with the context
   */
  @Bean
  @ConditionalOnMissingBean
  @ConditionalOnBean(Leadership.class)
  @ConditionalOnSingleCandidate(LockExecutor.class)
  public LeaderCandidates lockKeyLeaderCandidates(ObjectProvider<Leadership> leaderships, LockExecutor executor,
      ApplicationEventPublisher events) {
    return new LeaderCandidates(leaderships.orderedStream().toList(), executor, events);
  }
}
