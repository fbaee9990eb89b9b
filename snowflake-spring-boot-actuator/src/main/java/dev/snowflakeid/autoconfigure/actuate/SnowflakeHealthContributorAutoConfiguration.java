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
package dev.snowflakeid.autoconfigure.actuate;

/**
 * The former name of
 * {@link dev.snowflakeid.actuate.autoconfigure.SnowflakeHealthContributorAutoConfiguration},
 * kept for one minor version so that exclusions and {@code @ImportAutoConfiguration}
 * naming it keep working: Spring Boot maps it to the new name
 * ({@code META-INF/spring/org.springframework.boot.autoconfigure.AutoConfiguration.replacements}).
 *
 * @deprecated since 0.1.0 for removal in 0.2.0 in favour of
 * {@link dev.snowflakeid.actuate.autoconfigure.SnowflakeHealthContributorAutoConfiguration}
 */
@Deprecated(since = "0.1.0", forRemoval = true)
public final class SnowflakeHealthContributorAutoConfiguration {

	private SnowflakeHealthContributorAutoConfiguration() {
	}

}
