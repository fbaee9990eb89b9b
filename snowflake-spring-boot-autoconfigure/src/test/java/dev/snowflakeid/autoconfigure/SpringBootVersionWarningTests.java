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

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootVersion;
import org.springframework.boot.context.event.ApplicationPreparedEvent;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ApplicationListener;
import org.springframework.context.support.GenericApplicationContext;
import org.springframework.core.io.support.SpringFactoriesLoader;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The startup warning for a Spring Boot version outside the tested lines, 4.0.x and
 * 4.1.x.
 */
@ExtendWith(OutputCaptureExtension.class)
class SpringBootVersionWarningTests {

	@ParameterizedTest
	@ValueSource(strings = { "4.0.0", "4.0.7", "4.1.0-M1", "4.1.2", "4.1.3-SNAPSHOT" })
	void versionsOfTheTestedLinesGetNoWarning(String version) {
		assertThat(SpringBootVersionWarning.warning(version)).isNull();
	}

	@ParameterizedTest
	@ValueSource(strings = { "3.5.7", "4.2.0", "4.2.0-M1", "4.10.0", "40.1.0", "5.0.0", "4" })
	void versionsOutsideTheTestedLinesAreNamedWithTheTestedRange(String version) {
		assertThat(SpringBootVersionWarning.warning(version)).contains("Spring Boot " + version)
			.contains("tested with Spring Boot 4.0.x and 4.1.x");
	}

	@Test
	void anUnknownVersionGetsNoWarning() {
		assertThat(SpringBootVersionWarning.warning(null)).isNull();
	}

	@Test
	void theSpringBootOfThisBuildLiesInTheTestedRange() {
		assertThat(SpringBootVersionWarning.warning(SpringBootVersion.getVersion())).isNull();
	}

	@Test
	void anApplicationOnAnUntestedVersionLogsTheWarningOnceItIsPrepared(CapturedOutput output) {
		new SpringBootVersionWarning(() -> "4.2.0").onApplicationEvent(prepared());
		assertThat(output.getAll()).contains("WARN")
			.contains("snowflake-spring-boot is tested with Spring Boot 4.0.x and 4.1.x, and this application runs "
					+ "Spring Boot 4.2.0");
	}

	@Test
	void anApplicationOnATestedVersionLogsNothing(CapturedOutput output) {
		new SpringBootVersionWarning(() -> "4.1.2").onApplicationEvent(prepared());
		assertThat(output.getAll()).doesNotContain("snowflake-spring-boot is tested with");
	}

	@Test
	void everySpringApplicationRunsTheCheck() {
		assertThat(SpringFactoriesLoader.forDefaultResourceLocation(getClass().getClassLoader())
			.load(ApplicationListener.class)).hasAtLeastOneElementOfType(SpringBootVersionWarning.class);
	}

	private static ApplicationPreparedEvent prepared() {
		return new ApplicationPreparedEvent(new SpringApplication(), new String[0], new GenericApplicationContext());
	}

}
