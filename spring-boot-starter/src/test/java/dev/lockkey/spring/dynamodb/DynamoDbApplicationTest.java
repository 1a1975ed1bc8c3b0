package dev.lockkey.spring.dynamodb;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code lockkey.backend=dynamodb}: the executor on the application's {@code DynamoDbClient} bean
 * and the configured table, on a real dynalite (skipped without Node.js); no Redis client. The
 * checks are in {@link DynamoDbApplication}.
 */
@Tag("dynamodb-application") // compat modules have no lockkey-dynamodb (see their poms)
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class DynamoDbApplicationTest {
  @Test
  void theExecutorLocksOnTheApplicationsClientAndTable() {
    DynamoDbApplication.theExecutorLocksOnTheApplicationsClientAndTable();
  }

  @Test
  void withoutATableTheContextFailsNamingTheProperty() {
    DynamoDbApplication.withoutATableTheContextFailsNamingTheProperty();
  }
}
