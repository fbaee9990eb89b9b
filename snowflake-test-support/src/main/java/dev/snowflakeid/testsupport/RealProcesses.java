/*
 * Copyright 2026-present the original author or authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package dev.snowflakeid.testsupport;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.api.Tag;

/**
 * Marks a test class (or one test) that starts processes of its own (a
 * {@code redis-server}, a JVM, a browser, PostgreSQL, {@code promtool}): its tests take
 * seconds to minutes and need the programs that {@code scripts/install-test-tools.sh}
 * installs. Tagged {@value #TAG}; the fast suite leaves them out with
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
