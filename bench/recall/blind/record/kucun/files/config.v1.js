// @ts-check
/** 服务配置：都从环境变量读，没有就用默认值。 */

/** 监听端口。默认 8087：这台测试机的 8080/8081 被老的 ERP 网关占着。 */
export const PORT = Number(process.env.KUCUN_PORT ?? 8087);

/** 只听本机，对外由 nginx 转发。 */
export const HOST = process.env.KUCUN_HOST ?? '127.0.0.1';

/** 请求体上限 64 KiB。最大的请求是批量改库存，几百个 SKU 也就 20 KiB 左右。 */
export const BODY_LIMIT = 64 * 1024;
