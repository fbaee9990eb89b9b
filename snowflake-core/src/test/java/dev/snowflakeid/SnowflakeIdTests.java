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
		assertThat(Order.class.getDeclaredConstructor(long.class, String.class)
			.getParameters()[0]
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
