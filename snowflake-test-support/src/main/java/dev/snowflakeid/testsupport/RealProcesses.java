package dev.snowflakeid.testsupport;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.api.Tag;

/**
 * Marks a test class (or one test) that starts processes of its own (a {@code redis-server}, a JVM, a browser, PostgreSQL,
 * {@code promtool}): its tests take seconds to minutes and need the programs that
 * {@code scripts/install-test-tools.sh} installs. Tagged {@value #TAG}; the fast suite leaves them out with
 * {@code -DexcludedGroups=process}.
 */
@Target({ ElementType.TYPE, ElementType.METHOD })
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Tag(RealProcesses.TAG)
public @interface RealProcesses {

	/** The JUnit tag of these test classes. */
	String TAG = "process";

}
