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
package dev.snowflakeid;

import java.lang.reflect.RecordComponent;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SnowflakeIdTests {

	@Test
	void recordComponentMarkingReachesFieldAccessorAndConstructorParameter() throws Exception {
		RecordComponent component = Order.class.getRecordComponents()[0];
		assertThat(component.isAnnotationPresent(SnowflakeId.class)).isTrue();
		assertThat(Order.class.getDeclaredField("id").isAnnotationPresent(SnowflakeId.class)).isTrue();
		assertThat(component.getAccessor().isAnnotationPresent(SnowflakeId.class)).isTrue();
		assertThat(Order.class.getDeclaredConstructor(long.class, String.class).getParameters()[0]
			.isAnnotationPresent(SnowflakeId.class)).isTrue();
		assertThat(Order.class.getRecordComponents()[1].isAnnotationPresent(SnowflakeId.class)).isFalse();
	}

	@Test
	void canBeUsedAsMetaAnnotation() {
		assertThat(OrderId.class.isAnnotationPresent(SnowflakeId.class)).isTrue();
	}

	record Order(@SnowflakeId long id, String item) {
	}

	@SnowflakeId
	@interface OrderId {

	}

}
