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
package dev.snowflakeid.persistence.autoconfigure;

import dev.snowflakeid.IdFormats;
import dev.snowflakeid.persistence.GeneratedSnowflakeIdForm;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

class GeneratedSnowflakeIdAutoConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(GeneratedSnowflakeIdAutoConfiguration.class));

	@Test
	void stringAttributesAreDecimalByDefault() {
		this.runner.run((context) -> assertThat(context).getBean(GeneratedSnowflakeIdForm.class)
			.isEqualTo(GeneratedSnowflakeIdForm.DECIMAL));
	}

	@Test
	void formFollowsTheConfiguredStringForm() {
		this.runner.withPropertyValues("snowflake.format.string=crockford32")
			.run((context) -> assertThat(context).getBean(GeneratedSnowflakeIdForm.class)
				.isEqualTo(new GeneratedSnowflakeIdForm(IdFormats.Form.CROCKFORD32)));
	}

	@Test
	void backsOffFromAUserDefinedForm() {
		GeneratedSnowflakeIdForm form = new GeneratedSnowflakeIdForm(IdFormats.Form.BASE62);
		this.runner.withPropertyValues("snowflake.format.string=crockford32")
			.withBean(GeneratedSnowflakeIdForm.class, () -> form)
			.run((context) -> assertThat(context).getBean(GeneratedSnowflakeIdForm.class).isSameAs(form));
	}

}
