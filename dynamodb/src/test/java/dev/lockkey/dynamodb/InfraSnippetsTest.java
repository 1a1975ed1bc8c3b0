package dev.lockkey.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The CloudFormation and Terraform definitions in {@code infra/} name the attributes the code uses. */
class InfraSnippetsTest {

  @Test
  void terraformDefinesTheKeyAndTheTtlAttribute() throws IOException {
    String terraform = Files.readString(Path.of("infra/lock-table.tf"));

    assertThat(terraform)
        .contains("hash_key     = \"" + DynamoLockTable.PARTITION_KEY + "\"")
        .contains("name = \"" + DynamoLockTable.PARTITION_KEY + "\"")
        .contains("type = \"S\"")
        .contains("attribute_name = \"" + DynamoLockTable.EXPIRES_AT + "\"")
        .contains("enabled        = true");
  }

  @Test
  void cloudFormationDefinesTheKeyAndTheTtlAttribute() throws IOException {
    String template = Files.readString(Path.of("infra/lock-table.yaml"));

    assertThat(template)
        .contains("- AttributeName: " + DynamoLockTable.PARTITION_KEY + "\n          AttributeType: S")
        .contains("- AttributeName: " + DynamoLockTable.PARTITION_KEY + "\n          KeyType: HASH")
        .contains("TimeToLiveSpecification:\n        AttributeName: " + DynamoLockTable.EXPIRES_AT
            + "\n        Enabled: true");
  }
}
