package dev.snowflakeid.test.staticapp;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A small application configured for the static allocator as in production
 * ({@code snowflake.worker.allocator=static}, a fixed code and a state file), whose test suite
 * {@link CatalogSuite} runs in a JVM of its own for {@link StaticConfigurationSuiteTests}.
 */
@SpringBootApplication
public class CatalogApplication {

}
