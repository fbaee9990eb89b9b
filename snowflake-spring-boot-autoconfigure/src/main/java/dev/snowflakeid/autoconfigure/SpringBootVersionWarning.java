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

package dev.snowflakeid.autoconfigure;

import java.util.List;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.SpringBootVersion;
import org.springframework.boot.context.event.ApplicationPreparedEvent;
import org.springframework.context.ApplicationListener;

/**
 * Warns once the application is prepared, before its beans are made, when it runs a
 * Spring Boot version outside the lines this starter is tested with (the compatibility
 * matrix of the build). It changes nothing else: an untested version may work, and a
 * failure that follows is easier to place with the warning above it. Registered in
 * {@code META-INF/spring.factories}, so it speaks even when auto-configuration fails.
 */
class SpringBootVersionWarning implements ApplicationListener<ApplicationPreparedEvent> {

	/** The Spring Boot lines (major.minor) the build tests, oldest first. */
	static final List<String> TESTED_LINES = List.of("4.0", "4.1");

	/** The tested range as the warning names it. */
	static final String TESTED_RANGE = "Spring Boot 4.0.x and 4.1.x";

	private static final Pattern LINE = Pattern.compile("^(\\d+)\\.(\\d+)(?:[.-].*)?$");

	private static final Log logger = LogFactory.getLog(SpringBootVersionWarning.class);

	private final Supplier<@Nullable String> version;

	SpringBootVersionWarning() {
		this(SpringBootVersion::getVersion);
	}

	SpringBootVersionWarning(Supplier<@Nullable String> version) {
		this.version = version;
	}

	@Override
	public void onApplicationEvent(ApplicationPreparedEvent event) {
		String warning = warning(this.version.get());
		if (warning != null) {
			logger.warn(warning);
		}
	}

	/**
	 * The warning for a Spring Boot version, or {@code null} when the version lies in a
	 * tested line or is not known (no version in the jar's manifest, as when Spring Boot
	 * is repackaged).
	 */
	static @Nullable String warning(@Nullable String version) {
		if (version == null) {
			return null;
		}
		Matcher matcher = LINE.matcher(version);
		if (matcher.matches() && TESTED_LINES.contains(matcher.group(1) + "." + matcher.group(2))) {
			return null;
		}
		return "snowflake-spring-boot is tested with " + TESTED_RANGE + ", and this application runs Spring Boot "
				+ version + ". It may work; if it misbehaves, use a Spring Boot version in the tested range or a "
				+ "snowflake-spring-boot release tested with this one.";
	}

}
