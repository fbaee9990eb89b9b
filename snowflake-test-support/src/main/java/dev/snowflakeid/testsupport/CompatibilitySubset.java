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
 * Marks a {@link RealProcesses} test class that the compatibility matrix also runs on
 * every other Spring Boot line and Java version it covers
 * ({@code scripts/compatibility.sh}): there the subset is every test without a process of
 * its own plus these, selected with {@code -Dgroups='!process | compatibility'}. Keep it
 * to the few classes that reach an integration the other tests cannot: a real Redis
 * lease, Jackson on the wire, Hibernate on PostgreSQL, the sample application end to end.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Tag(CompatibilitySubset.TAG)
public @interface CompatibilitySubset {

	/** The JUnit tag of these test classes. */
	String TAG = "compatibility";

}
