package dev.lockkey.spring.autoconfigure;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.boot.sql.init.DatabaseInitializationMode;

/**
 * The {@code lockkey.jdbc.*} properties of the JDBC backend ({@code lockkey.backend=jdbc}).
 *
 * <p>Each parameter's description is what IDEs show for the property (written by
 * spring-boot-configuration-processor), so it is plain text.
 *
 * @param initializeSchema When to create the lock and idempotency tables if they do not exist: always, embedded
 *     (only on an embedded database such as H2, which PostgreSQL never is), or never (a Flyway or Liquibase
 *     migration creates them), as spring.sql.init.mode.
 * @param lockTable The lock table, a plain or schema-qualified SQL identifier, e.g. app.lockkey_locks.
 * @param idempotencyTable The table of the idempotency records of @Idempotent methods, a plain or
 *     schema-qualified SQL identifier.
 * @param maxPollInterval The longest pause between two attempts of a waiting acquisition that heard no release
 *     (a release wakes a waiter at once through LISTEN/NOTIFY).
 * @param operationTimeout How long one lock statement may wait for the database before it fails as unavailable.
 */
@ConfigurationProperties("lockkey.jdbc")
public record LockKeyJdbcProperties(
    @DefaultValue("embedded") DatabaseInitializationMode initializeSchema,
    @DefaultValue("lockkey_locks") String lockTable,
    @DefaultValue("lockkey_idempotency") String idempotencyTable,
    @DefaultValue("1s") Duration maxPollInterval,
    @DefaultValue("5s") Duration operationTimeout) {}
