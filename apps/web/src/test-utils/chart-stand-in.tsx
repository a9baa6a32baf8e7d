/**
 * The one stand-in for react-chartjs-2 in the web tests (jsdom has no canvas): a chart shows its
 * title and one "label: value" line per point. Every test file mocks the module with this same
 * factory, because files sharing a worker (isolate: false, decision 0054) may be handed the mock
 * another file registered first.
 */
type ChartProps = {
  data: { labels: string[]; datasets: { data: number[] }[] };
  options: { plugins: { title: { text: string } } };
};

function ChartStandIn({ data, options }: ChartProps) {
  return (
    <figure>
      <figcaption>{options.plugins.title.text}</figcaption>
      {data.labels.map((label, index) => (
        <span key={label}>{`${label}: ${data.datasets[0]?.data[index]}`}</span>
      ))}
    </figure>
  );
}

export const Line = ChartStandIn;
export const Doughnut = ChartStandIn;
