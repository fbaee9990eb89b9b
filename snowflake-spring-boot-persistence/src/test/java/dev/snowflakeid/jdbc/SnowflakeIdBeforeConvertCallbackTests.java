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
package dev.snowflakeid.jdbc;

import java.util.Map;

import dev.snowflakeid.IdFormats;
import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.SnowflakeIdGenerator;
import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.persistence.GeneratedSnowflakeId;
import dev.snowflakeid.persistence.MissingIdGeneratorException;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.support.StaticListableBeanFactory;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.RelationalMappingContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class SnowflakeIdBeforeConvertCallbackTests {

	private final IdGenerator generator = SnowflakeIdGenerator.builder(SnowflakeLayout.defaults())
		.workerCode(9)
		.build();

	private final SnowflakeIdBeforeConvertCallback callback = callback(Map.of("idGenerator", this.generator));

	private static SnowflakeIdBeforeConvertCallback callback(Map<String, Object> beans) {
		return new SnowflakeIdBeforeConvertCallback(new RelationalMappingContext(),
				new StaticListableBeanFactory(beans).getBeanProvider(IdGenerator.class));
	}

	@Test
	void assignsNullAndZeroAttributesFromTheGenerator() {
		Invoice invoice = new Invoice();
		assertThat(this.callback.onBeforeConvert(invoice)).isSameAs(invoice);
		assertThat(invoice.id).isNotNull();
		assertThat(invoice.number).isPositive().isNotEqualTo(invoice.id);
		assertThat(invoice.reference).matches("[1-9][0-9]*");
		assertThat(this.generator.decode(invoice.id).worker()).isEqualTo(9);
	}

	@Test
	void writesStringAttributesInTheGivenForm() {
		SnowflakeIdBeforeConvertCallback base62 = new SnowflakeIdBeforeConvertCallback(new RelationalMappingContext(),
				new StaticListableBeanFactory(Map.of("idGenerator", this.generator)).getBeanProvider(IdGenerator.class),
				IdFormats.Form.BASE62);
		Invoice invoice = new Invoice();
		base62.onBeforeConvert(invoice);
		assertThat(invoice.reference).hasSize(11);
		assertThat(this.generator.decode(IdFormats.Form.BASE62.parse(invoice.reference)).worker()).isEqualTo(9);
		assertThat(invoice.id).as("numeric attributes stay numbers").isNotNull();
	}

	@Test
	void keepsAttributesThatAreAlreadySet() {
		Invoice invoice = new Invoice();
		invoice.id = 42L;
		invoice.number = 43;
		invoice.reference = "44";
		this.callback.onBeforeConvert(invoice);
		assertThat(invoice.id).isEqualTo(42L);
		assertThat(invoice.number).isEqualTo(43);
		assertThat(invoice.reference).isEqualTo("44");
	}

	@Test
	void returnsANewInstanceOfAnImmutableAggregate() {
		Receipt receipt = new Receipt(null, "coffee");
		Object converted = this.callback.onBeforeConvert(receipt);
		assertThat(converted).isInstanceOfSatisfying(Receipt.class, (assigned) -> {
			assertThat(assigned.id()).isNotNull();
			assertThat(assigned.item()).isEqualTo("coffee");
		});
	}

	@Test
	void leavesAggregatesWithoutTheAnnotationAlone() {
		Note note = new Note();
		assertThat(this.callback.onBeforeConvert(note)).isSameAs(note);
		assertThat(note.id).isNull();
	}

	@Test
	void failsNamingTheAttributeWhenThereIsNoGenerator() {
		assertThatExceptionOfType(MissingIdGeneratorException.class)
			.isThrownBy(() -> callback(Map.of()).onBeforeConvert(new Invoice()))
			.withMessageContaining(Invoice.class.getName() + ".");
	}

	static class Invoice {

		@Id
		@GeneratedSnowflakeId
		Long id;

		@GeneratedSnowflakeId
		long number;

		@GeneratedSnowflakeId
		String reference;

	}

	record Receipt(@Id @GeneratedSnowflakeId Long id, String item) {
	}

	static class Note {

		@Id
		Long id;

	}

}
